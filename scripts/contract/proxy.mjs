// The QA validating proxy (`npm run mock -- --proxy <api>=<upstream>`): a small HTTP
// server in front of Prism's proxy that passes the real service's answers through
// unchanged and logs every contract violation with its operation and rule.
import { request as httpRequest, createServer } from 'node:http';
import { join } from 'node:path';
import { freePort, root, startPrism } from '../lib/prism.mjs';
import { formatViolation, parseViolations } from './formatViolation.mjs';
import { loadContract } from './loadContract.mjs';
import { operationMatcher } from './matchOperation.mjs';

const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'upgrade',
  'te',
  'trailer',
]);

function endToEnd(headers) {
  return Object.fromEntries(Object.entries(headers).filter(([name]) => !HOP_BY_HOP.has(name.toLowerCase())));
}

function forwarder({ api, prismPort, match, log, quiet, onViolation }) {
  return (req, res) => {
    const pathname = new URL(req.url ?? '/', 'http://localhost').pathname; // logs never carry the query (it may hold tokens)
    const method = req.method ?? 'GET';
    const upstream = httpRequest(
      { host: '127.0.0.1', port: prismPort, method, path: req.url, headers: endToEnd(req.headers) },
      (answer) => {
        const status = answer.statusCode ?? 0;
        const operation = match(method, pathname);
        const violations = parseViolations(answer.headers['sl-violations']);
        if (!quiet)
          log(
            `[${api}] ${method} ${pathname} → ${status} ${operation?.operationId ?? ''} ${violations.length ? `${violations.length} violation(s)` : '✓'}`,
          );
        for (const violation of violations) {
          log(formatViolation({ api, operation, method, pathname, status, violation }));
          onViolation?.({
            api,
            operationId: operation?.operationId,
            method,
            path: operation?.path ?? pathname,
            status,
            rule: violation.code,
            location: violation.location,
            severity: violation.severity,
            message: violation.message,
          });
        }
        res.writeHead(status, answer.statusMessage, endToEnd(answer.headers));
        answer.pipe(res);
      },
    );
    upstream.on('error', (error) => {
      log(`[${api}] ${method} ${pathname}: the validating proxy could not reach Prism (${error.message})`);
      if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain; charset=utf-8' });
      res.end(`Validating proxy for ${api}: Prism is not answering (${error.message})`);
    });
    req.pipe(upstream);
  };
}

function listen(server, port) {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve(`http://127.0.0.1:${port}`));
  });
}

/**
 * Starts the validating proxy for `api` on 127.0.0.1:`port`, forwarding to
 * `upstream` through Prism (`prism proxy`, request and response validation
 * against `spec`). Each violation is passed to `log` as one line (see
 * formatViolation) and to `onViolation` as an object; `quiet: false` also logs
 * one line per request. Returns the shape of startPrism (`api`, `url`, `port`,
 * `child`, `ready`, `exited`, `stop()`), so `scripts/mock.mjs` can use either.
 * `spec` defaults to `openapi/<api>/openapi.yaml`, `log` to console.log,
 * `quiet` to true.
 */
export function startValidatingProxy({
  api,
  port,
  upstream,
  spec = join(root, 'openapi', api, 'openapi.yaml'),
  log = console.log,
  quiet = true,
  onViolation,
  startTimeoutMs,
}) {
  let prism;
  let server;
  const started = (async () => {
    const match = operationMatcher(await loadContract(spec));
    prism = startPrism(api, { spec, upstream, port: await freePort(), startTimeoutMs });
    await prism.ready;
    server = createServer(
      forwarder({ api, prismPort: Number(new URL(prism.url).port), match, log, quiet, onViolation }),
    );
    return listen(server, port);
  })();
  const stop = async () => {
    await started.catch(() => {});
    if (server)
      await new Promise((resolve) => {
        server.close(resolve);
        server.closeAllConnections();
      });
    await prism?.stop();
  };
  const ready = started.catch(async (error) => {
    await stop();
    throw error;
  });
  const exited = started.then(
    () => prism.exited,
    () => null,
  );
  return {
    api,
    url: `http://127.0.0.1:${port}`,
    port,
    get child() {
      return prism?.child;
    },
    ready,
    exited,
    stop,
  };
}
