import { build } from 'esbuild';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { DESKTOP } from '../support/browser.ts';
import { sharedBrowser, sharedBuiltSite } from '../support/shared.ts';
import { xssVectors } from '../search/xssVectors.ts';

// The corpus through the real html_block widget in Chromium, where handlers,
// image errors, autofocus, frames and navigation really happen.
const ENTRY = `
import { createElement } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClient } from '@tanstack/react-query';
import { createSearchClient } from './src/search/index.ts';
import { HtmlBlockWidget, WidgetsProvider } from './src/search/react.tsx';

window.renderCorpus = (vectors, sanitize) => new Promise((resolve) => {
  const fetch = async (_url, init) => {
    const items = JSON.parse(init.body).widget.items;
    const widgets = items.map((i) => ({ rfk_id: i.rfk_id, entity: i.entity, type: 'html_block',
      appearance: { templates: { html: { devices: { pc: { content: vectors[Number(i.rfk_id.slice(5))] } } } } } }));
    return new Response(JSON.stringify({ widgets }), { status: 200, headers: { 'Content-Type': 'application/json' } });
  };
  const client = createSearchClient({ customerKey: '1-2', apiKey: 'k', fetch, trackingConsent: false });
  let done = 0;
  // Every answer arrived and React committed it: each widget is in the page and none still loading.
  const committed = () => document.querySelectorAll('#root .search-html-block').length === vectors.length &&
    document.querySelector('#root .search-loading') === null;
  const whenCommitted = () => (committed() ? resolve() : requestAnimationFrame(whenCommitted));
  client.events.subscribe((e) => { if (e.type === 'core/WIDGET_DATA_REQUEST_SUCCESS' && ++done === vectors.length) whenCommitted(); });
  createRoot(document.getElementById('root')).render(
    createElement(WidgetsProvider, { client, queryClient: new QueryClient() },
      vectors.map((_, i) => createElement('div', { key: i, 'data-v': String(i) }, createElement(HtmlBlockWidget, { rfkId: 'html_' + i })))));
});
`;

let browser: Browser;
let bundle = '';

beforeAll(async () => {
  const result = await build({
    stdin: { contents: ENTRY, resolveDir: process.cwd(), loader: 'tsx', sourcefile: 'xss-entry.tsx' },
    bundle: true,
    format: 'iife',
    platform: 'browser',
    write: false,
    define: { 'process.env.NODE_ENV': '"production"' },
    logLevel: 'silent',
  });
  bundle = result.outputFiles[0]?.text ?? '';
  browser = await sharedBrowser();
}, 120_000);

/** A page in a browser context of its own; closing its context is the test's. */
async function openPage(): Promise<Page> {
  const page = await (await browser.newContext({ ...DESKTOP })).newPage();
  await page.setContent(
    '<!doctype html><html><head><link rel="icon" href="data:,"></head><body><div id="root"></div></body></html>',
  );
  await page.evaluate(() => {
    const calls: number[] = [];
    Object.assign(window, { __xssCalls: calls, __xss: (n: number) => calls.push(n) });
    // Load, error and toggle do not bubble, but every one passes the document while capturing: this
    // records which elements the browser itself has fired them on, before any content arrives.
    const fired = new WeakSet<EventTarget>();
    for (const type of ['load', 'error', 'toggle'])
      document.addEventListener(type, (e) => e.isTrusted && e.target && fired.add(e.target), true);
    Object.assign(window, { __fired: fired });
  });
  await page.addScriptTag({ content: bundle });
  return page;
}

/**
 * Fires the events inline handlers in the corpus listen to, then waits for the ones the browser
 * fires later: until every image has fired load or error, every frame load, every open details its
 * own toggle, and the page has painted twice after them (a handler they ran has run by then).
 */
async function provokeAndWait(page: Page) {
  await page.evaluate(async () => {
    for (const el of document.querySelectorAll('#root *, #raw *')) {
      for (const type of ['click', 'mouseover', 'focus', 'toggle', 'submit']) el.dispatchEvent(new Event(type));
    }
    const fired = (window as unknown as { __fired: WeakSet<EventTarget> }).__fired;
    // An image with neither src nor srcset never loads, so it fires neither event.
    const late = () => [
      ...[...document.querySelectorAll('#root img, #raw img')].filter((img) => img.matches('[src], [srcset]')),
      ...document.querySelectorAll('#root iframe, #raw iframe, #root details[open], #raw details[open]'),
    ];
    const waiting = () => late().filter((el) => !fired.has(el));
    Object.assign(window, { __waiting: waiting });
    while (waiting().length > 0) await new Promise((r) => requestAnimationFrame(r));
    for (let frame = 0; frame < 2; frame += 1) await new Promise((r) => requestAnimationFrame(r));
  });
}

describe('XSS corpus in Chromium', () => {
  it('never runs anything rendered through the html_block widget', async () => {
    const page = await openPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    const url = page.url();
    await page.evaluate(
      (v) => (window as unknown as { renderCorpus: (v: string[]) => Promise<void> }).renderCorpus(v),
      xssVectors.map(([, html]) => html),
    );
    await provokeAndWait(page);
    expect(await page.evaluate(() => (window as unknown as { __xssCalls: number[] }).__xssCalls)).toEqual([]);
    const leftovers = await page.evaluate(() =>
      [...document.querySelectorAll('#root *')].flatMap((el) => [
        ...(['SCRIPT', 'IFRAME', 'OBJECT', 'EMBED', 'FORM', 'META', 'BASE', 'LINK', 'STYLE', 'svg', 'math'].includes(
          el.tagName,
        )
          ? [el.tagName]
          : []),
        ...[...el.attributes]
          .filter((a) => /^on|^style$|^srcdoc$/i.test(a.name) || /^\s*(javascript|data):/i.test(a.value))
          .map((a) => `${el.tagName}[${a.name}]`),
      ]),
    );
    expect(leftovers).toEqual([]);
    expect(await page.locator('[data-v]').count()).toBe(xssVectors.length);
    expect(page.url()).toBe(url);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('would catch a vector that runs (the same vectors unsanitized fire)', async () => {
    const page = await openPage();
    await page.evaluate(
      (vectors) => {
        const raw = document.createElement('div');
        raw.id = 'raw';
        raw.innerHTML = vectors.join('');
        document.body.append(raw);
      },
      xssVectors
        .filter(([name]) => /img onerror|details|svg onload|iframe srcdoc|div onmouseover/.test(name))
        .map(([, html]) => html),
    );
    await provokeAndWait(page);
    const calls = await page.evaluate(() => (window as unknown as { __xssCalls: number[] }).__xssCalls);
    expect(new Set(calls).size).toBeGreaterThanOrEqual(3);
    await page.context().close();
  });
});

// The QA scenario `?mock=search:xss` (docs/qa.md "QA scenarios"): the search mock answers the site's own
// widgets (results, recommendations, preview search) with hostile names, descriptions, suggestions and
// URLs, and the site shows them harmless.
describe('the site with ?mock=search:xss', () => {
  it('shows the hostile results as text: no script runs, no handler or javascript: URL reaches the DOM', async () => {
    const site = await sharedBuiltSite();
    const context = await browser.newContext({ ...DESKTOP });
    try {
      const page = await context.newPage();
      const dialogs: string[] = [];
      const errors: string[] = [];
      page.on('dialog', (dialog) => {
        dialogs.push(dialog.message());
        void dialog.dismiss();
      });
      page.on('pageerror', (e) => errors.push(e.message));
      await page.goto(`${site.url}/search?q=x&mock=search:xss`, { waitUntil: 'networkidle' });
      const results = page.locator('.search-results[aria-busy="false"] .search-results__items li');
      await expect.poll(() => results.count()).toBe(3);
      // The result titles show, their markup as text.
      expect(await results.nth(0).innerText()).toContain('<img src=x onerror=alert(11)>Satellite payloads open day');
      expect(await results.nth(1).innerText()).toContain('F-35 sustainment');
      expect(await page.locator('.search-results__count').innerText()).toBe('3 results');
      // Every widget of the page found itself in the answer: no widget failed.
      expect(await page.locator('.search-error').count()).toBe(0);
      // The preview search opens on the same answer: its hostile suggestion shows as text too.
      await page.getByRole('combobox', { name: 'Search the site' }).fill('f-3');
      await page.getByRole('button', { name: '<img src=x onerror=alert(31)>f-35 sustainment' }).waitFor();
      await page.evaluate(
        () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => r(undefined)))),
      );
      const hostile = await page.evaluate(() =>
        [...document.querySelectorAll('body *')].flatMap((el) => [
          ...(el.closest('#mock-scenarios') ? [] : [...el.attributes])
            .filter((a) => /^on/i.test(a.name) || /^\s*javascript:/i.test(a.value) || a.name === 'srcdoc')
            .map((a) => `${el.tagName}[${a.name}=${a.value.slice(0, 40)}]`),
          // Elements the answer's markup would have made, inside the widgets that show it.
          ...(el.closest('[class^="search-"]') &&
          (['IFRAME', 'svg', 'DETAILS'].includes(el.tagName) ||
            (el.tagName === 'IMG' && el.getAttribute('src') === 'x'))
            ? [el.tagName]
            : []),
          ...(el.tagName === 'SCRIPT' && /alert/.test(el.textContent ?? '') ? ['SCRIPT with alert'] : []),
        ]),
      );
      expect(hostile).toEqual([]);
      expect(dialogs).toEqual([]);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
