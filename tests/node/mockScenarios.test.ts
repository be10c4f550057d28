import { EventEmitter } from 'node:events';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProxyOptions } from 'vite';
import { freePort } from '../../scripts/lib/prism.mjs';
import { withPrism } from '../support/prism.ts';
import {
  loadScenarioCatalogue,
  parseScenario,
  preferFor,
  type ScenarioCatalogue,
  type ScenarioChoice,
} from '../../scripts/lib/mockScenarios.mjs';
import {
  readScenarioCookie,
  scenarioCookie,
  scenarioMiddleware,
  withMockScenarios,
  PANEL_HOST,
} from '../../scripts/lib/mockScenarioServer.mjs';

let catalogue: ScenarioCatalogue;
beforeAll(async () => {
  catalogue = await loadScenarioCatalogue();
});

const choices = (value: string): ScenarioChoice[] => {
  const parsed = parseScenario(value, catalogue);
  if (!parsed.ok) throw new Error(parsed.error);
  return parsed.choices;
};

describe('?mock= values', () => {
  it('accepts the issue example and normalises it', () => {
    const parsed = parseScenario(' search:noResults, oneconnect:code=500 ,auth:signedOut,', catalogue);
    expect(parsed).toMatchObject({ ok: true, value: 'search:noResults,oneconnect:code=500,auth:signedOut' });
  });

  it('accepts dynamic, and an empty value clears', () => {
    expect(parseScenario('commerce:dynamic', catalogue)).toMatchObject({ ok: true, value: 'commerce:dynamic' });
    expect(parseScenario('', catalogue)).toEqual({ ok: true, choices: [], value: '' });
  });

  it('refuses an unknown API, naming the APIs of the contracts', () => {
    expect(parseScenario('weather:sunny', catalogue)).toEqual({
      ok: false,
      error:
        'Mock scenario "weather:sunny" refused: unknown API "weather". Valid APIs: commerce, engagement, search, oneconnect, auth, content.',
    });
  });

  it('refuses an unknown example, naming every example, code and dynamic of that API', () => {
    expect(parseScenario('oneconnect:nope', catalogue)).toEqual({
      ok: false,
      error:
        'Mock scenario "oneconnect:nope" refused: oneconnect has no example "nope". Valid choices for oneconnect: ' +
        'engineer, anonymous, unavailable, mixed, mixed.de, none, missing, closedTwo, code=200, code=400, code=500, dynamic.',
    });
  });

  it('refuses an undeclared or malformed code, naming the declared codes', () => {
    expect(parseScenario('search:code=404', catalogue)).toMatchObject({
      ok: false,
      error:
        'Mock scenario "search:code=404" refused: search declares no status code 404. Valid codes for search: code=200, code=202, code=400, code=401, code=500.',
    });
    expect(parseScenario('search:code=5xx', catalogue)).toMatchObject({
      ok: false,
      error: expect.stringContaining(
        '"code=5xx" is not a status code (write code=NNN). Valid codes for search: code=200,',
      ),
    });
  });

  it('refuses the whole value when one entry is bad, and an API without a choice', () => {
    const parsed = parseScenario('search:noResults,auth', catalogue);
    expect(parsed.ok).toBe(false);
    expect(!parsed.ok && parsed.error).toContain(
      '"auth" names no choice: write auth:<example>, auth:code=NNN or auth:dynamic. Valid choices for auth: signedIn, signedOut,',
    );
  });
});

describe('the Prefer header of each proxied request', () => {
  it('sends an example only to the operations that declare it, with the code that holds it', () => {
    const scenario = choices('search:noResults,oneconnect:unavailable,auth:signedOut');
    expect(preferFor(catalogue, scenario, 'search', 'POST', '/discover/v2/2222222')).toBe(
      'code=200, example=noResults',
    );
    expect(preferFor(catalogue, scenario, 'search', 'POST', '/event/2222222/v4/publish')).toBeUndefined();
    expect(preferFor(catalogue, scenario, 'oneconnect', 'GET', '/api/oneconnect/get-segment-cookies')).toBe(
      'code=500, example=unavailable',
    );
    expect(preferFor(catalogue, scenario, 'auth', 'GET', '/session')).toBe('code=200, example=signedOut');
    expect(preferFor(catalogue, scenario, 'auth', 'GET', '/csrf')).toBeUndefined();
    expect(preferFor(catalogue, scenario, 'commerce', 'GET', '/me')).toBeUndefined();
  });

  it('sends code=NNN only where that code is declared, dynamic everywhere, and the first applicable choice of an API', () => {
    expect(
      preferFor(catalogue, choices('oneconnect:code=400'), 'oneconnect', 'GET', '/api/oneconnect/get-segment-banners'),
    ).toBe('code=400');
    expect(
      preferFor(catalogue, choices('oneconnect:code=400'), 'oneconnect', 'GET', '/api/oneconnect/get-segment-cookies'),
    ).toBeUndefined();
    expect(preferFor(catalogue, choices('engagement:dynamic'), 'engagement', 'POST', '/v1.2/events')).toBe(
      'dynamic=true',
    );
    const two = choices('oneconnect:engineer,oneconnect:closedTwo');
    expect(preferFor(catalogue, two, 'oneconnect', 'GET', '/api/oneconnect/get-segment-cookies')).toBe(
      'code=200, example=engineer',
    );
    expect(preferFor(catalogue, two, 'oneconnect', 'GET', '/api/oneconnect/get-user-banner-events')).toBe(
      'code=200, example=closedTwo',
    );
  });

  describe('against the oneconnect mock', () => {
    const prism = withPrism('oneconnect');

    it('every example and code of the panel gets its declared answer from Prism, never its 404', async () => {
      const paths = [
        '/api/oneconnect/get-segment-cookies',
        '/api/oneconnect/get-segment-banners?segments=a',
        '/api/oneconnect/get-user-banner-events?userId=u',
      ];
      const api = catalogue.oneconnect!;
      for (const choice of [...api.examples, ...api.codes.map((c) => `code=${c}`)]) {
        const scenario = choices(`oneconnect:${choice}`);
        const answered = [];
        for (const path of paths) {
          const prefer = preferFor(catalogue, scenario, 'oneconnect', 'GET', path.split('?')[0]!);
          if (!prefer) continue;
          const response = await fetch(`${prism.url}${path}`, { headers: { prefer } });
          expect(response.status, `${choice} ${path}`).toBe(Number(/code=(\d+)/.exec(prefer)![1]));
          answered.push(path);
        }
        expect(answered.length, choice).toBeGreaterThan(0);
      }
    });
  });
});

describe('the scenario cookie', () => {
  it('lasts for the browser session, is cleared by an empty value, and reads back among other cookies', () => {
    expect(scenarioCookie('search:noResults,oneconnect:code=500')).toBe(
      'mockScenario=search%3AnoResults%2Coneconnect%3Acode%3D500; Path=/; HttpOnly; SameSite=Lax',
    );
    expect(scenarioCookie('')).toBe('mockScenario=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax');
    expect(readScenarioCookie('a=1; mockScenario=search%3AnoResults; b=2')).toBe('search:noResults');
    expect(readScenarioCookie('a=1')).toBe('');
    expect(readScenarioCookie(undefined)).toBe('');
  });
});

describe('the proxy hook', () => {
  const ports = { oneconnect: 4013, content: 4015 };
  const entry = (port: number, configure?: ProxyOptions['configure']): ProxyOptions => ({
    target: `http://127.0.0.1:${port}`,
    changeOrigin: true,
    configure,
  });

  function send(options: ProxyOptions, request: { method: string; url: string; cookie?: string; referer?: string }) {
    const proxy = new EventEmitter();
    options.configure?.(proxy as never, options);
    const headers: Record<string, string> = {};
    const proxyReq = {
      headersSent: false,
      setHeader: (name: string, value: string) => {
        headers[name] = value;
      },
    };
    proxy.emit('proxyReq', proxyReq, {
      method: request.method,
      url: request.url,
      headers: { cookie: request.cookie, referer: request.referer },
    });
    return headers;
  }

  it('adds Prefer from the cookie to the requests of the API whose port the entry targets, after the entry own configure', () => {
    const wrapped = withMockScenarios(
      {
        '/api/oneconnect': entry(4013),
        '/content-api': entry(
          4015,
          (proxy) => void proxy.on('proxyReq', (req) => req.setHeader('prefer', 'example=home')),
        ),
        '/elsewhere': entry(9999),
      },
      ports,
    );
    const cookie = `x=1; ${scenarioCookie('oneconnect:code=500').split(';')[0]}`;
    expect(
      send(wrapped['/api/oneconnect']!, { method: 'GET', url: '/api/oneconnect/get-segment-cookies?x=1', cookie }),
    ).toEqual({ prefer: 'code=500' });
    expect(send(wrapped['/api/oneconnect']!, { method: 'GET', url: '/api/oneconnect/get-segment-cookies' })).toEqual(
      {},
    );
    // No content contract here: its own Prefer stays; a QA choice for it would be set after, and win.
    expect(send(wrapped['/content-api']!, { method: 'GET', url: '/layout', cookie })).toEqual({
      prefer: 'example=home',
    });
    expect(wrapped['/elsewhere']!.configure).toBeUndefined();
  });

  // The banner flow before consent calls the service with credentials omitted: no cookie reaches the
  // proxy, and the page's ?mock= choice applied only to the calls after consent.
  it("applies the choice in the page's address to a request sent without cookies (credentials omitted)", () => {
    const wrapped = withMockScenarios({ '/api/oneconnect': entry(4013) }, ports);
    const url = '/api/oneconnect/get-segment-cookies';
    expect(
      send(wrapped['/api/oneconnect']!, {
        method: 'GET',
        url,
        referer: 'http://127.0.0.1:4173/?mock=oneconnect%3Acode%3D500',
      }),
    ).toEqual({ prefer: 'code=500' });
    expect(send(wrapped['/api/oneconnect']!, { method: 'GET', url, referer: 'http://127.0.0.1:4173/news' })).toEqual(
      {},
    );
    // A stored choice (the cookie) is the visitor's latest: it wins over an older address.
    const cookie = scenarioCookie('oneconnect:anonymous').split(';')[0];
    expect(
      send(wrapped['/api/oneconnect']!, {
        method: 'GET',
        url,
        cookie,
        referer: 'http://x/?mock=oneconnect%3Acode%3D500',
      }),
    ).toEqual({ prefer: 'code=200, example=anonymous' });
  });
});

describe('page requests', () => {
  let url: string;
  let server: ReturnType<typeof createServer>;
  beforeAll(async () => {
    const middleware = scenarioMiddleware();
    server = createServer((req: IncomingMessage, res: ServerResponse) => {
      middleware(req, res, () => {
        if (req.url?.startsWith('/stream')) {
          res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-length': '37', etag: 'W/"x"' });
          Readable.from(['<html><body><main>', 'site</main></body></html>']).pipe(res);
        } else if (req.url?.startsWith('/data')) {
          res.setHeader('content-type', 'application/json');
          res.end('{"ok":true}');
        } else {
          res.setHeader('content-type', 'text/html');
          res.end('<html><body><div id="root"></div></body></html>');
        }
      });
    });
    const port = await freePort();
    await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${port}`;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  const page = (path: string, cookie?: string) =>
    fetch(`${url}${path}`, { headers: { 'sec-fetch-dest': 'document', ...(cookie ? { cookie } : {}) } });
  const state = async (response: Response) => {
    const html = await response.text();
    return JSON.parse(/<script type="application\/json" id="mock-scenarios-state">(.*?)<\/script>/.exec(html)![1]!) as {
      active: string;
      error: string | null;
    };
  };

  it('stores a valid choice, clears on ?mock= alone, and keeps the previous state when refused', async () => {
    const chosen = await page('/?mock=search:noResults');
    expect(chosen.headers.get('set-cookie')).toBe('mockScenario=search%3AnoResults; Path=/; HttpOnly; SameSite=Lax');
    expect(await state(chosen)).toMatchObject({ active: 'search:noResults', error: null });
    const cookie = 'mockScenario=search%3AnoResults';
    const refused = await page('/?mock=search:nope', cookie);
    expect(refused.headers.get('set-cookie')).toBeNull();
    expect(await state(refused)).toMatchObject({
      active: 'search:noResults',
      error: expect.stringContaining('search has no example "nope"'),
    });
    const cleared = await page('/?mock=', cookie);
    expect(cleared.headers.get('set-cookie')).toContain('Max-Age=0');
    expect(await state(cleared)).toMatchObject({ active: '', error: null });
  });

  it('injects the panel into a streamed page with a corrected length, leaves other answers alone, and never lets the value out of its script', async () => {
    const streamed = await page('/stream');
    const html = await streamed.text();
    expect(html.startsWith(`<html><body>${PANEL_HOST}<main>site</main>`)).toBe(true);
    expect(html).toMatch(
      /<\/main><script type="application\/json" id="mock-scenarios-state">.*<script type="module" src="\/__mock-scenarios\/panel.js"><\/script><\/body><\/html>$/,
    );
    expect(streamed.headers.get('content-length')).toBe(String(Buffer.byteLength(html)));
    expect(streamed.headers.get('etag')).toBeNull();
    expect(await (await page('/data')).text()).toBe('{"ok":true}');
    const hostile = await (await page(`/?mock=${encodeURIComponent('</script><script>alert(1)</script>')}`)).text();
    expect(hostile).not.toContain('<script>alert(1)');
    const script = await fetch(`${url}/__mock-scenarios/panel.js`);
    expect(script.headers.get('content-type')).toContain('text/javascript');
    expect(await script.text()).toContain('Copy link to this state');
  });
});
