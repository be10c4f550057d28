import { join } from 'node:path';
import type { BrowserContext } from 'playwright-core';
import { root } from '../../scripts/lib/prism.mjs';
import { readContract } from '../../scripts/contract/contracts.mjs';

type Examples = Record<string, { value: unknown }>;
const authContract = readContract(join(root, 'openapi', 'auth', 'openapi.yaml')) as {
  paths: { '/session': { get: { responses: { '200': { content: { 'application/json': { examples: Examples } } } } } } };
};

/**
 * What the auth mock answers `GET /api/auth/session` with when nothing is chosen: its contract's
 * first example (a signed-in reader), as Prism picks it.
 */
const MOCK_SESSION: unknown = Object.values(
  authContract.paths['/session'].get.responses['200'].content['application/json'].examples,
)[0]!.value;

/**
 * Answers every session read (`GET /api/auth/session`) of `context`'s pages with {@link MOCK_SESSION}
 * from the test itself; the other session routes go on to the mock. A page's session call has a
 * deadline (siteConfig.deadlines.auth): through a site server's proxy and the run's shared Prism it
 * sometimes passed that on a busy machine, and the page then rightly showed the session as
 * unavailable, failing a test about something else. A page route set later (a test choosing
 * `signedOut`) takes precedence.
 */
export async function answerSessionReads(context: BrowserContext): Promise<void> {
  await context.route('**/api/auth/session', (route) =>
    route.request().method() === 'GET' ? route.fulfill({ json: MOCK_SESSION }) : route.continue(),
  );
}
