export { launchBrowser } from '../../scripts/lib/browser.mjs';

/**
 * Runs a `beforeAll`'s starts together and throws the first failure only once
 * every start has settled. Each start assigns its own variable as it resolves,
 * so `afterAll` stops whatever did start (Promise.all would throw while a Prism
 * or server was still coming up, leaving it running and unassigned).
 */
export async function startAll(starts: readonly Promise<unknown>[]): Promise<void> {
  const failures = (await Promise.allSettled(starts)).flatMap((r) =>
    r.status === 'rejected' ? [r.reason as unknown] : [],
  );
  if (failures.length === 1) throw failures[0];
  if (failures.length > 1) throw new AggregateError(failures, failures.map(String).join('\n'));
}
