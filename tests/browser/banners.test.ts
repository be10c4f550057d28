import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../support/browser.ts';
import { startSite, type SiteUnderTest } from '../support/site.ts';

let site: SiteUnderTest;
let browser: Awaited<ReturnType<typeof launchBrowser>>;

beforeAll(async () => {
  [site, browser] = await Promise.all([startSite(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await site?.stop();
});

describe('site in Chromium against the mocks', () => {
  it('shows the active banners from the oneconnect mock, with no console errors', async () => {
    const page = await browser.context.newPage();
    const errors: string[] = [];
    page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(`${site.url}/`);
    await page.getByText('Meet us at the International Airshow').waitFor({ timeout: 30_000 });
    expect(await page.getByText('Engineering careers open now').count()).toBe(1);
    expect(await page.getByText('Webinar on resilient avionics').count()).toBe(0);
    expect(errors).toEqual([]);
    await page.close();
  });
});
