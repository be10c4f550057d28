import { describe, expect, it } from 'vitest';
import {
  assertInlineCodeAllowed,
  contentSecurityPolicy,
  cspHash,
  headerRules,
  headersFile,
  headersFor,
  inlineCode,
} from '../../scripts/lib/securityHeaders.mjs';

// The build's security headers: the policy allows the page template's own inline code by hash and
// nothing else inline, lists exactly the build's hosts and policies, and a page with inline code the
// policy does not allow stops the build, naming it.

const TEMPLATE = `<!doctype html><html><head><script>if (1) load()</script><style>body{margin:0}</style>
<script type="module" crossorigin src="/assets/index-abc.js"></script>
<script type="application/ld+json">{"@type":"Organization"}</script></head>
<body><div id="root"></div><script type="application/json" id="site-state">{}</script></body></html>`;

const SOURCES = {
  origins: {
    connect: ['https://cd.aero.example', 'https://discover.sitecorecloud.io'],
    script: ['https://cdn.cookielaw.org'],
    img: ['https://cd.aero.example'],
  },
  trustedTypes: ['sanitized-html', 'consent-script'],
  publicOrigin: 'https://www.aero.example',
};

describe('the Content-Security-Policy', () => {
  const policy = contentSecurityPolicy(SOURCES, TEMPLATE);
  const directive = (name: string) => policy.split('; ').find((d) => d.startsWith(`${name} `));

  it("allows the template's runnable inline script and style by hash, and no data block or external script", () => {
    expect(inlineCode(TEMPLATE)).toEqual({ scripts: ['if (1) load()'], styles: ['body{margin:0}'], attributes: [] });
    expect(directive('script-src')).toBe(`script-src 'self' ${cspHash('if (1) load()')} https://cdn.cookielaw.org`);
    expect(directive('style-src')).toBe(`style-src 'self' ${cspHash('body{margin:0}')}`);
    expect(cspHash('if (1) load()')).toMatch(/^'sha256-[A-Za-z0-9+/]+=*'$/);
  });

  it("lists exactly the build's hosts and Trusted Types policies, and locks down the rest", () => {
    expect(directive('connect-src')).toBe(
      "connect-src 'self' https://cd.aero.example https://discover.sitecorecloud.io",
    );
    expect(directive('img-src')).toBe("img-src 'self' https://cd.aero.example");
    expect(directive('trusted-types')).toBe('trusted-types sanitized-html consent-script');
    for (const d of [
      "default-src 'self'",
      "object-src 'none'",
      "base-uri 'none'",
      "frame-ancestors 'none'",
      "require-trusted-types-for 'script'",
      'upgrade-insecure-requests',
    ])
      expect(policy.split('; ')).toContain(d);
    expect(policy).not.toMatch(/unsafe-inline|unsafe-eval|\*/);
  });

  it('does not upgrade requests of a site served over http (the development preview)', () => {
    expect(contentSecurityPolicy({ ...SOURCES, publicOrigin: 'http://127.0.0.1:5173' }, TEMPLATE)).not.toContain(
      'upgrade-insecure-requests',
    );
  });
});

describe('the header rules', () => {
  const rules = headerRules(SOURCES, TEMPLATE);

  it('revalidate pages, keep hashed assets a year, and send the security headers with every page', () => {
    const page = headersFor(rules, '/capabilities/space');
    expect(page['Cache-Control']).toBe('no-cache');
    expect(page['Content-Security-Policy']).toBe(contentSecurityPolicy(SOURCES, TEMPLATE));
    expect(page).toMatchObject({
      'X-Content-Type-Options': 'nosniff',
      'X-Frame-Options': 'DENY',
      'Referrer-Policy': 'strict-origin-when-cross-origin',
      'Strict-Transport-Security': 'max-age=63072000; includeSubDomains',
    });
    expect(page['Permissions-Policy']).toContain('camera=()');
    const asset = headersFor(rules, '/assets/index-abc.js');
    expect(asset['Cache-Control']).toBe('public, max-age=31536000, immutable');
  });

  it("send a hashed asset only the headers a script answer uses, not the documents' policy", () => {
    const asset = headersFor(rules, '/assets/index-abc.js');
    expect(asset).toEqual({
      'Cache-Control': 'public, max-age=31536000, immutable',
      'X-Content-Type-Options': 'nosniff',
      'Strict-Transport-Security': 'max-age=63072000; includeSubDomains',
    });
    expect(headersFor(rules, '/sitemap.xml')['Content-Security-Policy']).toBeDefined();
  });

  it("are written as a _headers file whose asset rule replaces the pages' caching", () => {
    const file = headersFile(rules);
    expect(file).toMatch(/^\/\*\n {2}Content-Security-Policy: default-src 'self'; /);
    expect(file).toContain('\n/assets/*\n  ! Content-Security-Policy\n  ! X-Frame-Options\n');
    expect(file).toContain('\n  ! Cache-Control\n  Cache-Control: public, max-age=31536000, immutable\n');
  });
});

describe('inline code the policy does not allow', () => {
  it('stops the build naming the page and the code: a new inline script, an inline style, a style or event attribute', () => {
    const page = (html: string) => [
      { path: '/ok', html: TEMPLATE },
      { path: '/news', html },
    ];
    expect(() => assertInlineCodeAllowed(page(TEMPLATE), TEMPLATE)).not.toThrow();
    expect(() =>
      assertInlineCodeAllowed(page(TEMPLATE.replace('</body>', '<script>track()</script></body>')), TEMPLATE),
    ).toThrow(`/news: an inline script (${cspHash('track()')}) "track()"`);
    expect(() =>
      assertInlineCodeAllowed(page(TEMPLATE.replace('</head>', '<style>p{}</style></head>')), TEMPLATE),
    ).toThrow('/news: an inline style');
    expect(() => assertInlineCodeAllowed(page('<p style="color:red">x</p>'), TEMPLATE)).toThrow(
      '/news: a style= attribute',
    );
    expect(() => assertInlineCodeAllowed(page('<img src="/a" onerror="x()">'), TEMPLATE)).toThrow(
      '/news: a onerror= attribute',
    );
  });

  it("reads attributes as the browser does: text that looks like one inside a value or the page's text is no attribute", () => {
    expect(inlineCode('<img alt="set style=bold > onload=x" src="/a"><p>style="x" onclick=y</p>').attributes).toEqual(
      [],
    );
  });

  it('reads hostile markup in linear time', () => {
    const time = (html: string) => {
      const start = performance.now();
      inlineCode(html);
      return performance.now() - start;
    };
    for (const unit of ['<a ', '<a x="', '<a', '<script>', '<style>']) {
      time(unit.repeat(1_000));
      const small = Math.max(time(unit.repeat(1_000)), 0.05);
      const large = time(unit.repeat(200_000));
      expect(large / small, unit).toBeLessThan(20_000);
    }
  });
});
