// @ts-check
// The purge hook: after a publish, the CDN (or whatever caches the site) is told which URLs
// changed. The deployment sets `PUBLISH_PURGE_URL` (a purge API: POSTed `{ "urls": [...] }` as
// JSON) or `PUBLISH_PURGE_COMMAND` (run by the shell with the URLs as its arguments); with neither,
// the hook logs the URLs and does nothing (nothing caches the preview).
import { spawn } from 'node:child_process';

/** How long a purge may take before the publish reports it failed. */
const PURGE_DEADLINE_MS = 30_000;

/**
 * The purge hook of `env` (see the file's comment): resolves once the purge is done, rejects
 * naming why it failed (the publish reports it; the pages are live either way).
 * @param {Record<string, string | undefined>} env
 * @param {(line: string) => void} log
 * @returns {(urls: string[]) => Promise<void>}
 */
export function purgeHook(env, log) {
  const target = env.PUBLISH_PURGE_URL;
  const command = env.PUBLISH_PURGE_COMMAND;
  if (target) {
    // Never logged whole: a purge URL may carry the CDN's token in its query.
    const where = new URL(target).origin;
    return async (urls) => {
      const answer = await fetch(target, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ urls }),
        signal: AbortSignal.timeout(PURGE_DEADLINE_MS),
      });
      await answer.body?.cancel();
      if (!answer.ok) throw new Error(`the purge at ${where} answered ${answer.status}`);
      log(`purged ${urls.length} URLs at ${where}`);
    };
  }
  if (command)
    return (urls) =>
      new Promise((resolve, reject) => {
        const child = spawn(`${command} "$@"`, ['purge', ...urls], {
          shell: true,
          stdio: 'inherit',
          timeout: PURGE_DEADLINE_MS,
        });
        child.once('error', reject);
        child.once('exit', (code, signal) =>
          code === 0 ? resolve() : reject(new Error(`the purge command exited with ${signal ?? `code ${code}`}`)),
        );
      });
  return async (urls) =>
    log(`purge (no PUBLISH_PURGE_URL or PUBLISH_PURGE_COMMAND set, nothing to purge): ${urls.join(' ')}`);
}
