// @ts-check
// The QA validating proxy (`npm run mock -- --proxy <api>=<upstream>`): a small HTTP
// server in front of Prism's proxy that passes the real service's answers through
// unchanged and logs every contract violation with its operation and rule.
import { request as httpRequest, createServer } from 'node:http';
import { join } from 'node:path';
import { freePort, root, startPrism } from '../lib/prism.mjs';
import { loadContract, operationMatcher } from './contracts.mjs';

/** @import { ChildProcess } from 'node:child_process' */
/** @import { IncomingHttpHeaders, IncomingMessage, Server, ServerResponse } from 'node:http' */
/** @import { ApiName, PrismServer } from '../lib/prism.mjs' */
/** @import { OperationRef } from './contracts.mjs' */

/**
 * One entry of Prism's `sl-violations` header.
 * @typedef {object} PrismViolation
 * @property {string[]} [location]
 * @property {string} [severity] `Error` or `Warning`.
 * @property {string} [code] The JSON Schema keyword that failed (`required`, `type`, `enum` …).
 * @property {string} message
 */

/**
 * A contract violation as `onViolation` receives it.
 * @typedef {object} ProxyViolation
 * @property {string} api
 * @property {string | undefined} operationId
 * @property {string} method
 * @property {string} path The operation's path template, or the request's path when no operation matches.
 * @property {number} status
 * @property {string | undefined} rule
 * @property {string[] | undefined} location
 * @property {string | undefined} severity
 * @property {string} message
 */

/**
 * A running validating proxy: the shape of a PrismServer, so `scripts/mock.mjs` can use either.
 * @typedef {object} ValidatingProxy
 * @property {string} api
 * @property {string} url
 * @property {number} port
 * @property {ChildProcess | undefined} child
 * @property {Promise<string>} ready
 * @property {Promise<number | null>} exited
 * @property {() => Promise<void>} stop
 */

/**
 * Reads Prism's `sl-violations` header (a JSON array of `{ location, severity, code, message }`)
 * into violations; an absent or unreadable header gives none.
 * @param {unknown} header
 * @returns {PrismViolation[]}
 */
function parseViolations(header) {
  if (typeof header !== 'string' || !header) return [];
  try {
    const list = JSON.parse(header);
    return Array.isArray(list) ? list : [];
  } catch {
    return [
      {
        location: [],
        severity: 'Error',
        code: 'unreadable',
        message: `unreadable sl-violations header: ${header.slice(0, 200)}`,
      },
    ];
  }
}

/**
 * A log line naming the API, the operation (operationId and `METHOD /template`, or the
 * request's own method and path when the contract has no such operation), the answer's
 * status, where the violation is, the rule (Prism's code: the JSON Schema keyword such as
 * `required`, `type`, `enum`) and Prism's message.
 * @param {{ api: string; operation: OperationRef | undefined; method: string; pathname: string; status: number; violation: PrismViolation }} found
 */
function formatViolation({ api, operation, method, pathname, status, violation }) {
  const mark = violation.severity === 'Error' ? '✖' : '⚠';
  const where = operation
    ? `${operation.operationId ?? '(no operationId)'} (${operation.method} ${operation.path})`
    : `${method} ${pathname} (no operation of the contract)`;
  const location = (violation.location ?? []).join('.') || 'request';
  const rule = violation.code ? `[${violation.code}] ` : '';
  return `[${api}] ${mark} ${where} → ${status}: ${location} ${rule}${violation.message}`;
}

const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'upgrade',
  'te',
  'trailer',
]);

/** @param {IncomingHttpHeaders} headers */
function endToEnd(headers) {
  return Object.fromEntries(Object.entries(headers).filter(([name]) => !HOP_BY_HOP.has(name.toLowerCase())));
}

/**
 * @param {{
 *   api: string;
 *   prismPort: number;
 *   match: (method: string, pathname: string) => OperationRef | undefined;
 *   log: (line: string) => void;
 *   quiet: boolean;
 *   onViolation: ((violation: ProxyViolation) => void) | undefined;
 * }} options
 * @returns {(req: IncomingMessage, res: ServerResponse) => void}
 */
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

/**
 * @param {Server} server
 * @param {number} port
 * @returns {Promise<string>}
 */
function listen(server, port) {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve(`http://127.0.0.1:${port}`));
  });
}

/**
 * Starts the validating proxy for `api` on 127.0.0.1:`port`, forwarding to `upstream` through
 * Prism (`prism proxy`, request and response validation against `spec`). Each violation is
 * passed to `log` as one line and to `onViolation` as an object; `quiet: false` also logs one
 * line per request. Returns the shape of startPrism (`api`, `url`, `port`, `child`, `ready`,
 * `exited`, `stop()`), so `scripts/mock.mjs` can use either. `spec` defaults to
 * `openapi/<api>/openapi.yaml`, `log` to console.log, `quiet` to true.
 * @param {{
 *   api: string;
 *   port: number;
 *   upstream: string;
 *   spec?: string;
 *   log?: (line: string) => void;
 *   quiet?: boolean;
 *   onViolation?: (violation: ProxyViolation) => void;
 *   startTimeoutMs?: number;
 * }} options
 * @returns {ValidatingProxy}
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
  /** @type {PrismServer | undefined} */
  let prism;
  /** @type {Server | undefined} */
  let server;
  const started = (async () => {
    const match = operationMatcher(await loadContract(spec));
    // Prism uses the name only in its messages; a proxy may front an API that is not one of
    // this project's six (the tests' fixture contract).
    const running = startPrism(/** @type {ApiName} */ (api), {
      spec,
      upstream,
      port: await freePort(),
      startTimeoutMs,
    });
    prism = running;
    await running.ready;
    const listening = createServer(
      forwarder({ api, prismPort: Number(new URL(running.url).port), match, log, quiet, onViolation }),
    );
    server = listening;
    return listen(listening, port);
  })();
  const stop = async () => {
    await started.catch(() => {});
    const open = server;
    if (open)
      await new Promise((resolve) => {
        open.close(resolve);
        open.closeAllConnections();
      });
    await prism?.stop();
  };
  const ready = started.catch(async (error) => {
    await stop();
    throw error;
  });
  const exited = started.then(
    () => /** @type {PrismServer} */ (prism).exited,
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
