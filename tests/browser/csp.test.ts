import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { DESKTOP, pageAtRest } from '../support/browser.ts';
import { answerSessionReads } from '../support/session.ts';
import { sharedBrowser, sharedBuiltSite, type SharedBuiltSite } from '../support/shared.ts';

// The site behind the Content-Security-Policy the build ships (the preview sends the build's
// headers, as the static host does): edit and preview mode, the not-found pages, the QA scenarios
// panel, the consent flow and client-side navigations, each with the policy enforced: every page
// renders, and nothing is refused. Every listed page, English and German, is visited under the same
// policy by the prerender and languages suites, which fail on any console error (Chromium reports
// each refused script, style or Trusted Types sink there), so they are not visited again here.

let built: SharedBuiltSite;
let browser: Browser;

beforeAll(async () => {
  [built, browser] = await Promise.all([sharedBuiltSite(), sharedBrowser()]);
}, 300_000);
afterAll(() => {});

// Runs before the page's scripts: keeps every violation the page reports.
function recordViolations() {
  const seen: string[] = [];
  document.addEventListener('securitypolicyviolation', (e) =>
    seen.push(`${e.effectiveDirective}: ${e.blockedURI || e.sample} (${e.sourceFile}:${e.lineNumber})`),
  );
  (globalThis as unknown as { __violations: string[] }).__violations = seen;
}

interface Visit {
  page: Page;
  policy: string;
  /** Violations the page reported, and console errors about the policy or Trusted Types. */
  refused(): Promise<string[]>;
  close(): Promise<void>;
}

async function visit(path: string): Promise<Visit> {
  const context = await browser.newContext({ ...DESKTOP });
  await answerSessionReads(context);
  const page = await context.newPage();
  const console: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' && /Content Security Policy|Trusted ?Type/i.test(m.text())) console.push(m.text());
  });
  page.on('pageerror', (e) => console.push(`pageerror: ${e.message}`));
  await page.addInitScript(recordViolations);
  const response = await page.goto(`${built.url}${path}`, { waitUntil: 'networkidle' });
  await pageAtRest(page);
  return {
    page,
    policy: response!.headers()['content-security-policy'] ?? '',
    refused: async () => [
      ...(await page.evaluate(() => (globalThis as unknown as { __violations: string[] }).__violations)),
      ...console,
    ],
    close: () => context.close(),
  };
}

describe.concurrent('the site with its Content-Security-Policy enforced', () => {
  it('is served with the strict policy: hashes, no unsafe-inline, Trusted Types, never framed', async ({ expect }) => {
    const v = await visit('/');
    expect(v.policy).toMatch(/script-src 'self' 'sha256-[A-Za-z0-9+/=]+'/);
    expect(v.policy).not.toContain('unsafe-inline');
    expect(v.policy).not.toContain('unsafe-eval');
    expect(v.policy).toContain("require-trusted-types-for 'script'");
    expect(v.policy).toContain("frame-ancestors 'none'");
    expect(v.policy).toContain("object-src 'none'");
    expect(await v.refused()).toEqual([]);
    await v.close();
  });

  it.for(['/no/such/page', '/de/keine/seite'])('%s renders with nothing refused', async (path, { expect }) => {
    const v = await visit(path);
    expect(await v.page.locator('main h1').first().innerText()).not.toBe('');
    expect(await v.refused()).toEqual([]);
    await v.close();
  });

  it.for(['/?sc_mode=edit', '/about?sc_mode=edit', '/news/f-35-sustainment?sc_mode=edit', '/?sc_mode=preview'])(
    '%s (an editor) renders its editing markup with nothing refused',
    async (path, { expect }) => {
      const v = await visit(path);
      expect(await v.page.locator('main h1').first().innerText()).not.toBe('');
      if (path.includes('edit'))
        expect(await v.page.locator('main code[type="text/sitecore"]').count()).toBeGreaterThan(0);
      if (path.startsWith('/about')) await v.page.waitForFunction(() => document.documentElement.dataset.editorCanvas);
      expect(await v.refused()).toEqual([]);
      await v.close();
    },
  );

  it('shows the QA scenarios panel and a scenario with nothing refused', async ({ expect }) => {
    const v = await visit('/search?q=satellite&mock=search:xss');
    await v.page.getByRole('button', { name: /^Mock scenarios/ }).waitFor();
    expect(await v.refused()).toEqual([]);
    await v.close();
  });

  it('takes consent, tracks, withdraws it and navigates client-side with nothing refused', async ({ expect }) => {
    const v = await visit('/news');
    const { page } = v;
    const pageView = page.waitForRequest((r) => /\/engage-api\/v1\.2\/events$/.test(r.url()));
    await page.getByRole('button', { name: 'Accept all cookies' }).click();
    await pageView;
    await page.getByRole('button', { name: 'Cookie settings' }).click();
    await page.getByRole('button', { name: 'Reject optional cookies' }).click();
    // Client-side navigations: the home page's structured data is written into the head by script.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Capabilities' }).click();
    await page.waitForURL(/\/capabilities$/);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.locator('head script[type="application/ld+json"]').waitFor({ state: 'attached' });
    await pageAtRest(page);
    expect(await page.locator('main h1').first().innerText()).not.toBe('');
    expect(await v.refused()).toEqual([]);
    await v.close();
  });
});
