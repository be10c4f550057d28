import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pageFile } from '../../scripts/lib/prerender/pages.mjs';
import { purgeHook } from '../../scripts/lib/prerender/purge.mjs';
import { DEV_PUBLISH_SECRET, publishSecret, UNAUTHORIZED_MESSAGE } from '../../scripts/lib/publishServer.mjs';
import { layoutUpdate as update, publishingSite, TEST_PUBLISH_SECRET as SECRET } from '../support/prerenderSite.ts';

// The publish server (lib/publishServer.mjs) over a small build of a synthetic site: what the
// platform's webhook gets back, and what the build's files become.

let site: Awaited<ReturnType<typeof publishingSite>>;
let brokenItem: string | undefined;
const purged: string[][] = [];

beforeAll(async () => {
  site = await publishingSite(
    { routes: 30, fault: ({ kind, item }) => (kind === 'layout' && item === brokenItem ? 503 : undefined) },
    {
      // Wide enough that three webhooks posted together are one burst on a busy machine.
      quietMs: 400,
      purge: async (urls) => void purged.push(urls),
    },
  );
}, 60_000);
afterAll(() => site?.stop());

const page = (path: string) => readFileSync(join(site.build.outDir, pageFile(path)), 'utf8');
const post = (body: unknown, given?: Record<string, string>) => site.post(body, given);
const outcome = (id: string) => site.outcome(id);

describe('the publish server: who may call it, and what it accepts', () => {
  it('answers 401 without the secret or with another, whatever the call, and never logs the secret', async () => {
    for (const given of [{ 'content-type': 'application/json' }, { ...site.headers, 'x-publish-secret': 'nope' }]) {
      const answer = await post({ updates: [update('/news')] }, given);
      expect(answer.status).toBe(401);
      expect(await answer.json()).toEqual({ message: UNAUTHORIZED_MESSAGE });
    }
    expect((await fetch(`${site.url}/api/publish/abc`)).status).toBe(401);
    expect(site.logged.join('\n')).not.toContain(SECRET);
  });

  it.each([
    ['{', 'The body is not JSON: '],
    [[], "The body must be an object { updates: [...] } (the content contract's PublishWebhook)"],
    [{ updates: [] }, 'updates must be a non-empty array'],
    [{ updates: [{ ...update('/news'), identifier: '' }] }, 'updates[0].identifier must be a non-empty string'],
    [
      { updates: [update('/news'), { ...update('/news'), entity_definition: 'Page' }] },
      'updates[1].entity_definition must be one of LayoutData, Item, Dictionary, Media (got "Page")',
    ],
    [
      { updates: [{ ...update('/news'), operation: 'Move' }] },
      'updates[0].operation must be one of Create, Update, Delete (got "Move")',
    ],
    [
      { updates: [update('/news', 'Update', 'fr')] },
      'updates[0].entity_culture "fr" is not a language of the site (en, de)',
    ],
    [
      { updates: [{ ...update('/news'), path: undefined }] },
      'updates[0].path is required for LayoutData (the route\'s item path, e.g. "/news")',
    ],
    [
      { updates: [update('//evil.example/x')] },
      'updates[0].path "//evil.example/x" resolves to another site, http://evil.example',
    ],
  ])('answers 400 naming the problem: %j', async (body, message) => {
    const answer = await post(body);
    expect(answer.status).toBe(400);
    expect(((await answer.json()) as { message: string }).message).toContain(message);
  });

  it('answers 405 for another method, and 404 for an unknown publish or path', async () => {
    const get = await fetch(`${site.url}/api/publish`, { headers: site.headers });
    expect(get.status).toBe(405);
    expect(get.headers.get('allow')).toBe('POST');
    expect((await fetch(`${site.url}/api/publish/no-such-id`, { headers: site.headers })).status).toBe(404);
    expect((await fetch(`${site.url}/api/other`, { headers: site.headers })).status).toBe(404);
  });

  it('needs PUBLISH_SECRET outside development, and never the development value there', () => {
    expect(publishSecret('development', {})).toBe(DEV_PUBLISH_SECRET);
    expect(() => publishSecret('production', {})).toThrow(
      "publish server (production): PUBLISH_SECRET is not set: the platform's webhook must send one",
    );
    expect(() => publishSecret('production', { PUBLISH_SECRET: DEV_PUBLISH_SECRET })).toThrow(
      'publish server (production): PUBLISH_SECRET is the development value',
    );
  });
});

describe('the publish server: what a publish does', () => {
  it('answers 202 at once with an id, renders the page again, and reports done with its URLs', async () => {
    site.content.publish('/news/page-2');
    const answer = await post({ updates: [update('/news/page-2')] });
    expect(answer.status).toBe(202);
    const accepted = (await answer.json()) as { id: string; state: string };
    expect(accepted.state).toBe('queued');
    expect(answer.headers.get('location')).toBe(`/api/publish/${accepted.id}`);
    const status = await outcome(accepted.id);
    expect(status).toMatchObject({ state: 'done', failed: [] });
    expect(status.urls).toEqual([
      'https://www.aero.example/news/page-2',
      'https://www.aero.example/static-pages.json',
      'https://www.aero.example/sitemap.xml',
    ]);
    expect(page('/news/page-2')).toContain('(revision 1)');
    expect(purged.at(-1)).toEqual(status.urls);
  });

  it('coalesces a burst of webhooks into one batch, rendering each page once', async () => {
    site.content.publish('/careers/page-3');
    site.content.publish('/capabilities/page-1');
    const before = site.content.attempts.get('en:/careers/page-3') ?? 0;
    const ids = await Promise.all(
      ['/careers/page-3', '/capabilities/page-1', '/careers/page-3'].map(
        async (path) => ((await (await post({ updates: [update(path)] })).json()) as { id: string }).id,
      ),
    );
    const statuses = await Promise.all(ids.map(outcome));
    for (const status of statuses) expect(status.batch).toEqual(ids);
    expect(site.content.attempts.get('en:/careers/page-3')).toBe(before + 1);
    expect(page('/careers/page-3')).toContain('(revision 1)');
    expect(page('/capabilities/page-1')).toContain('(revision 1)');
  });

  it('writes each file atomically: a reader during publishes only ever reads a whole page', async () => {
    const file = join(site.build.outDir, pageFile('/news'));
    const reads = new Set<string>();
    let reading = true;
    const reader = (async () => {
      while (reading) {
        reads.add(readFileSync(file, 'utf8'));
        await new Promise((resolve) => setImmediate(resolve));
      }
    })();
    for (let i = 0; i < 4; i += 1) {
      site.content.publish('/news');
      await outcome(((await (await post({ updates: [update('/news')] })).json()) as { id: string }).id);
    }
    reading = false;
    await reader;
    expect(reads.size).toBeGreaterThan(1);
    for (const text of reads) expect(text).toMatch(/^<!doctype html>[\s\S]*<\/html>\n$/);
  });

  it('leaves the previous page of a failed render in place and reports it', async () => {
    const before = page('/programmes/page-4');
    brokenItem = '/programmes/page-4';
    site.content.publish('/programmes/page-4');
    try {
      const { id } = (await (await post({ updates: [update('/programmes/page-4')] })).json()) as { id: string };
      const status = await outcome(id);
      expect(status).toMatchObject({
        state: 'failed',
        failed: [
          {
            path: '/programmes/page-4',
            url: 'https://www.aero.example/programmes/page-4',
            message: 'the layout of /programmes/page-4 answered 503',
          },
        ],
      });
      expect(page('/programmes/page-4')).toBe(before);
      expect(site.logged.join('\n')).toContain(
        '/programmes/page-4 failed, its previous page stays: the layout of /programmes/page-4 answered 503',
      );
    } finally {
      brokenItem = undefined;
    }
  });

  it('a changed dictionary renders every page of its language again', async () => {
    site.content.changeDictionary('de');
    const { id } = (await (
      await post({
        updates: [
          {
            identifier: 'aero-dictionary-de',
            entity_definition: 'Dictionary',
            operation: 'Update',
            entity_culture: 'de',
          },
        ],
      })
    ).json()) as { id: string };
    const status = await outcome(id);
    const urls = status.urls as string[];
    expect(urls.filter((url) => url.includes('/de'))).toHaveLength(15);
    expect(urls.filter((url) => !url.includes('/de') && !/\.(xml|json)$/.test(url))).toEqual([]);
    expect(page('/de/news')).toContain('<p>1</p>');
  });

  it('a deleted route: its page goes, and the pages that link to it and the sitemap are written again', async () => {
    site.content.removeRoute('/legal/page-5');
    const updates = [update('/legal/page-5', 'Delete'), update('/legal/page-5', 'Delete', 'de')];
    const { id } = (await (await post({ updates })).json()) as { id: string };
    const status = await outcome(id);
    expect(existsSync(join(site.build.outDir, pageFile('/legal/page-5')))).toBe(false);
    const urls = status.urls as string[];
    expect(urls).toContain('https://www.aero.example/legal/page-5');
    expect(urls).toContain('https://www.aero.example/de/legal/page-5');
    // Those pages still link to it (the synthetic site's editors did not unlink it): the publish says so.
    expect((status.warnings as string[]).join('\n')).toContain('  - /legal/page-5 on /careers/page-3');
    // The synthetic pages link their three next neighbours: these three link to /legal/page-5.
    for (const path of ['/careers/page-3', '/programmes/page-4', '/news/page-2'])
      expect(urls).toContain(`https://www.aero.example${path}`);
    expect(readFileSync(join(site.build.outDir, 'sitemap.xml'), 'utf8')).not.toContain('/legal/page-5<');
  });
});

describe('the purge hook', () => {
  it('POSTs the URLs to PUBLISH_PURGE_URL, and names a failed purge without its query', async () => {
    const bodies: string[] = [];
    let status = 200;
    const cdn = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk) => (body += chunk));
      req.on('end', () => {
        bodies.push(body);
        res.writeHead(status).end();
      });
    });
    await new Promise<void>((resolve) => cdn.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(cdn.address() as AddressInfo).port}/purge?token=cdn-secret`;
      const lines: string[] = [];
      const purge = purgeHook({ PUBLISH_PURGE_URL: url }, (line) => lines.push(line));
      await purge(['https://www.aero.example/news']);
      expect(bodies).toEqual(['{"urls":["https://www.aero.example/news"]}']);
      status = 503;
      await expect(purge(['https://www.aero.example/news'])).rejects.toThrow(
        `the purge at http://127.0.0.1:${(cdn.address() as AddressInfo).port} answered 503`,
      );
      expect(lines.join('\n')).not.toContain('cdn-secret');
    } finally {
      await new Promise((resolve) => cdn.close(resolve));
    }
  });

  it('without a purge URL or command, logs the URLs and does nothing else', async () => {
    const lines: string[] = [];
    await purgeHook({}, (line) => lines.push(line))(['https://www.aero.example/news']);
    expect(lines).toEqual([
      'purge (no PUBLISH_PURGE_URL or PUBLISH_PURGE_COMMAND set, nothing to purge): https://www.aero.example/news',
    ]);
  });
});
