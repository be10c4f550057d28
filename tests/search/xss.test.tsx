import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import createDOMPurify from 'dompurify';
import { sanitizeHtml, type SearchRequest } from '../../src/search/index.ts';
import { BannerWidget, HtmlBlockWidget, SeoWidget, WidgetsProvider } from '../../src/search/react.tsx';
import { sanitizeEditable } from '../../src/site/content/sanitizedHtml.tsx';
import { fakeService, testClient } from './support.tsx';
import { xssVectors } from './xssVectors.ts';

const xss = vi.fn();
beforeEach(() => {
  // Inline handlers run in jsdom's inner global, not the test's: install __xss there
  // through a handler, forwarding to the spy over the document both globals share.
  (document as unknown as { __xssSpy: typeof xss }).__xssSpy = xss;
  const installer = document.createElement('div');
  installer.setAttribute('onclick', 'window.__xss = function (n) { document.__xssSpy(n); };');
  installer.dispatchEvent(new Event('click'));
  xss.mockClear();
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

/** Every element in `root` that could run script or leave the page. */
function dangers(root: Element): string[] {
  const found: string[] = [];
  for (const el of [root, ...root.querySelectorAll('*')]) {
    const tag = el.tagName.toLowerCase();
    if (
      [
        'script',
        'iframe',
        'frame',
        'object',
        'embed',
        'form',
        'meta',
        'link',
        'base',
        'style',
        'svg',
        'math',
        'template',
      ].includes(tag)
    )
      found.push(`<${tag}>`);
    for (const attr of el.attributes) {
      const name = attr.name.toLowerCase();
      // eslint-disable-next-line no-control-regex -- controls hidden in a scheme are what this looks for.
      const value = attr.value.replace(/[\s\u0000-\u001f]+/g, '').toLowerCase();
      if (name.startsWith('on')) found.push(`${tag}[${name}]`);
      if (['style', 'srcdoc', 'formaction', 'action'].includes(name)) found.push(`${tag}[${name}]`);
      if (/^(javascript|vbscript|data):/.test(value) && !(tag === 'img' && value.startsWith('data:image/')))
        found.push(`${tag}[${name}=${value}]`);
    }
  }
  return found;
}

/** Fires every event an inline handler in the corpus listens to, on every element. */
function provoke(root: Element) {
  const types = [
    'click',
    'mouseover',
    'focus',
    'load',
    'error',
    'toggle',
    'begin',
    'start',
    'submit',
    'animationstart',
  ];
  for (const el of [root, ...root.querySelectorAll('*')])
    for (const type of types) el.dispatchEvent(new Event(type, { bubbles: false }));
}

async function renderCorpus() {
  const service = fakeService({
    respond: (body: SearchRequest) => ({
      body: {
        widgets: body.widget.items.map((item) => ({
          rfk_id: item.rfk_id,
          entity: item.entity,
          type: 'html_block',
          appearance: {
            templates: { html: { devices: { pc: { content: xssVectors[Number(item.rfk_id.slice(5))]?.[1] } } } },
          },
        })),
      },
    }),
  });
  const { client } = testClient({}, service);
  render(
    <WidgetsProvider client={client} queryClient={new QueryClient()}>
      {xssVectors.map(([name], i) => (
        <section key={name} data-testid={`v${i}`}>
          <HtmlBlockWidget rfkId={`html_${i}`} />
        </section>
      ))}
    </WidgetsProvider>,
  );
  await waitFor(() => expect(document.querySelectorAll('.search-html-block').length).toBe(xssVectors.length));
  await waitFor(() => expect(document.querySelectorAll('[role="status"]').length).toBe(0));
  return service;
}

describe('XSS corpus through the html_block widget', () => {
  it('has at least 20 vectors, and the harness would see one that ran', () => {
    expect(xssVectors.length).toBeGreaterThanOrEqual(20);
    const raw = document.createElement('div');
    raw.innerHTML = '<div onclick="__xss(0)">raw</div>';
    document.body.append(raw);
    provoke(raw);
    expect(xss).toHaveBeenCalledWith(0);
    expect(dangers(raw)).toEqual(['div[onclick]']);
    raw.remove();
  });

  it('is live: unsanitized, the corpus runs and the checks flag every vector', async () => {
    const raw = document.createElement('div');
    const toggles: Promise<unknown>[] = [];
    for (const [name, html] of xssVectors) {
      const box = document.createElement('div');
      box.innerHTML = html;
      // An open <details> fires its own toggle on a later task: waited for below, so none runs into the next test.
      // (the browser's own event, not the one provoke() dispatches)
      for (const details of box.querySelectorAll('details[open]'))
        toggles.push(new Promise((r) => details.addEventListener('toggle', (e) => e.isTrusted && r(e))));
      // The fragment parser drops a nested <body>; <noscript> parses as text with scripting on.
      if (!['body onload', 'noscript attribute mutation'].includes(name)) expect(dangers(box), name).not.toEqual([]);
      // Frames would run in their own window and jsdom cannot parse the hostile CSS: check those detached only.
      if (!/iframe|style element/.test(name)) raw.append(box);
    }
    document.body.append(raw);
    provoke(raw);
    await Promise.all(toggles);
    expect(new Set(xss.mock.calls.map(([n]) => n)).size).toBeGreaterThanOrEqual(10);
    raw.remove();
  });

  it('renders every vector from one batched request with nothing left that can run', async () => {
    const service = await renderCorpus();
    expect(service.searches()).toHaveLength(1);
    for (let i = 0; i < xssVectors.length; i += 1) {
      const section = screen.getByTestId(`v${i}`);
      expect(dangers(section), xssVectors[i]?.[0]).toEqual([]);
      // Fires every handler's event synchronously (toggle included), so a handler that survived has run by now.
      provoke(section);
    }
    expect(xss.mock.calls).toEqual([]);
    expect(document.querySelectorAll('script')).toHaveLength(0);
  });

  it('keeps the harmless markup of a vector', async () => {
    await renderCorpus();
    expect(screen.getByTestId('v0').textContent).toBe('text');
    expect(screen.getByTestId('v31').textContent).toBe('hover me');
    expect(screen.getByTestId('v29').querySelector('a')?.getAttribute('href')).toBe('/x');
  });
});

describe('sanitizeHtml', () => {
  it('removes what the contract example "xss" carries and keeps safe links', () => {
    const html =
      '<div class="promo-banner"><a href="javascript:alert(4)">Book</a><script>alert(5)</script><a href="/events" target="_blank">Events</a></div>';
    const out = document.createElement('div');
    out.innerHTML = sanitizeHtml(html);
    expect(dangers(out)).toEqual([]);
    expect(out.querySelector('a[href="/events"]')?.getAttribute('rel')).toBe('noopener noreferrer');
    expect(out.textContent).toBe('BookEvents');
  });

  // `rel=opener` (or none) on anything that opens a window hands the new page `window.opener`: it can
  // send this tab to a look-alike sign-in page. Every element whose target can navigate gets noopener.
  const OPENERS = [
    '<a href="/events" target="_blank" rel="opener">a</a>',
    '<map name="m"><area href="/events" target="_blank" rel="opener" alt="area"></map>',
    '<map name="m"><area href="/events" target="_blank" alt="area without rel"></map>',
    '<a href="/events" target="other-window" rel="opener noopener opener">named window</a>',
  ];

  it.each(OPENERS)('gives every element that can open a window rel="noopener noreferrer": %s', (html) => {
    const out = document.createElement('div');
    out.innerHTML = sanitizeHtml(html);
    const opener = out.querySelector('a, area');
    expect(opener?.getAttribute('target')).not.toBeNull();
    expect(opener?.getAttribute('rel')).toBe('noopener noreferrer');
  });

  it.each(OPENERS)("the content editor's profile does the same: %s", (html) => {
    const out = document.createElement('div');
    out.innerHTML = sanitizeEditable(html);
    const opener = out.querySelector('a, area');
    expect(opener?.getAttribute('target')).not.toBeNull();
    expect(opener?.getAttribute('rel')).toBe('noopener noreferrer');
  });

  it('keeps no form target: forms and buttons are removed, and no formtarget survives on what is left', () => {
    const html =
      '<form target="_blank" action="/x"><button formtarget="_blank">b</button><input type="submit" formtarget="_blank"></form>';
    for (const sanitized of [sanitizeHtml(html), sanitizeEditable(html)]) {
      const out = document.createElement('div');
      out.innerHTML = sanitized;
      expect(out.querySelector('form, button, [formtarget]')).toBeNull();
    }
  });

  it('returns nothing rather than raw HTML where no DOM can sanitize (server rendering)', () => {
    const purify = createDOMPurify({} as unknown as Window & typeof globalThis);
    expect(purify.isSupported).toBe(false);
    expect(sanitizeHtml('<img src=x onerror=alert(1)>', { purify })).toBe('');
    expect(sanitizeHtml(undefined)).toBe('');
    expect(sanitizeHtml(42)).toBe('');
  });

  it('sanitizes banner and SEO HTML too, and renders no javascript: item link', async () => {
    const service = fakeService({
      respond: (body) => ({
        body: {
          widgets: body.widget.items.map((item) =>
            item.rfk_id === 'seo'
              ? {
                  rfk_id: 'seo',
                  entity: 'content',
                  type: 'seo',
                  seo: {
                    title: 'T',
                    html: '<p>Careers<svg onload=__xss(7)></svg></p>',
                    canonical_url: 'javascript:__xss(8)',
                  },
                }
              : {
                  rfk_id: item.rfk_id,
                  entity: 'content',
                  type: 'banner',
                  content: [
                    {
                      id: 'b',
                      name: '<script>__xss(2)</script>Airshow',
                      url: 'javascript:__xss(3)',
                      image_url: 'javascript:__xss(9)',
                    },
                  ],
                },
          ),
        },
      }),
    });
    const { client } = testClient({}, service);
    const { container } = render(
      <WidgetsProvider client={client} queryClient={new QueryClient()}>
        <BannerWidget rfkId="banner" />
        <SeoWidget rfkId="seo" />
      </WidgetsProvider>,
    );
    await waitFor(() => expect(container.querySelector('.search-seo__content')?.textContent).toBe('Careers'));
    await waitFor(() =>
      expect(container.querySelector('.search-banner__item')?.textContent).toBe('<script>__xss(2)</script>Airshow'),
    );
    expect(dangers(container)).toEqual([]);
    expect(container.querySelector('.search-banner a')).toBeNull();
    expect(document.head.querySelector('link[rel="canonical"]')).toBeNull();
    provoke(container);
    expect(xss).not.toHaveBeenCalled();
  });
  it('links banner items only to safe targets: another host disguised as a site path gets no link', async () => {
    const urls = [
      '/events/airshow',
      'https://other.example',
      '/\\evil.example/a',
      '/\t/evil.example/b',
      '\\\\evil.example/c',
      '  //evil.example/d',
      'java\nscript:__xss(3)',
      '%6Aavascript:__xss(4)',
    ];
    const service = fakeService({
      respond: (body) => ({
        body: {
          widgets: body.widget.items.map((item) => ({
            rfk_id: item.rfk_id,
            entity: 'content',
            type: 'banner',
            content: urls.map((url, i) => ({ id: `b${i}`, name: `Banner ${i}`, url })),
          })),
        },
      }),
    });
    const { client } = testClient({}, service);
    const { container } = render(
      <WidgetsProvider client={client} queryClient={new QueryClient()}>
        <BannerWidget rfkId="banner" />
      </WidgetsProvider>,
    );
    await waitFor(() => expect(container.querySelectorAll('.search-banner__item')).toHaveLength(urls.length));
    // The percent-encoded "scheme" is a relative path on this site, so it is a harmless site link.
    expect([...container.querySelectorAll('.search-banner a')].map((a) => a.getAttribute('href'))).toEqual([
      '/events/airshow',
      'https://other.example/',
      '%6Aavascript:__xss(4)',
    ]);
    expect(
      [...container.querySelectorAll('.search-banner a')].map((a) => new URL((a as HTMLAnchorElement).href).host),
    ).toEqual([location.host, 'other.example', location.host]);
  });
});
