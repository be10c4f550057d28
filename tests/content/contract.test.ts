import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { withPrism } from '../support/prism.ts';
import { layoutExampleNames, preferForItem, preferForRequest } from '../../scripts/lib/contentMock.mjs';
import { root } from '../../scripts/lib/prism.mjs';
import { ApiError, createContentClient, type ComponentRendering, type LayoutResult } from '../../src/content/index.ts';
import { getLayoutResponse } from '../../generated/content/zod/layout/layout.ts';
import { getDictionaryResponse } from '../../generated/content/zod/dictionary/dictionary.ts';
import { ENGLISH } from '../../src/site/dictionary.tsx';
import { listRoutesResponse } from '../../generated/content/zod/routes/routes.ts';
import { readContract } from '../../scripts/contract/contracts.mjs';
import { ONECONNECT_SPEC } from '../../scripts/lib/oneconnectMock.mjs';

const prism = withPrism('content');
const API_KEY = '2E7D5A8C-4B1F-4C9A-9D3E-6F0A1B2C3D4E';
const LAYOUT = '/sitecore/api/layout/render/jss';
// The site's targeted banner layout (src/site/siteConfig.ts targetedBannerLayoutId default) and the oneconnect banners' target.
const TARGETED = '4f5a1c2e-landing';

/** The mock layer's fetch: adds the Prefer the dev proxy would add (the site's own fetch never does). */
const viaMockLayer: typeof fetch = (input, init) => {
  const request = new Request(input, init);
  const prefer = preferForRequest(request.url);
  if (prefer) request.headers.set('Prefer', prefer);
  return fetch(request);
};
const client = () => createContentClient({ baseUrl: prism.url, apiKey: API_KEY, site: 'aero', fetch: viaMockLayer });

async function example(name: string): Promise<Response> {
  return fetch(`${prism.url}${LAYOUT}?item=%2F&sc_apikey=${API_KEY}`, { headers: { Prefer: `example=${name}` } });
}

const mainOf = (data: LayoutResult) => (data.sitecore.route?.placeholders.main ?? []) as ComponentRendering[];
// The edit-mode and preview-mode answers of an item (the same route as its normal example, for editors).
const EDITOR_EXAMPLE = /\.(edit|preview)$/;
// An example's language: `.de` after the item's name (`home.de`, `home.de.preview`), else English.
const languageOf = (name: string) => /\.([a-z]{2})(?:\.(?:edit|preview))?$/.exec(name)?.[1] ?? 'en';

type AnyField = { value?: unknown; editable?: string; editableFirstPart?: string; editableLastPart?: string };
/** Every value field of a layout answer (route, renderings at any depth, items of item lists), with its name. */
function fieldsOf(data: LayoutResult): Array<[string, AnyField]> {
  const found: Array<[string, AnyField]> = [];
  const walkFields = (fields: Record<string, unknown> | undefined) => {
    for (const [name, field] of Object.entries(fields ?? {})) {
      if (Array.isArray(field))
        for (const item of field) walkFields((item as { fields?: Record<string, unknown> }).fields);
      else if (field && typeof field === 'object' && 'value' in field) found.push([name, field as AnyField]);
    }
  };
  const walkPlaceholders = (placeholders: Record<string, unknown[]> | undefined) => {
    for (const entries of Object.values(placeholders ?? {}))
      for (const entry of entries as Array<{
        fields?: Record<string, unknown>;
        placeholders?: Record<string, unknown[]>;
      }>) {
        walkFields(entry.fields);
        walkPlaceholders(entry.placeholders);
      }
  };
  walkFields(data.sitecore.route?.fields);
  walkPlaceholders(data.sitecore.route?.placeholders as Record<string, unknown[]>);
  return found;
}
type Chrome = { name: string; attributes: Record<string, string> };
const chromeOf = (entries: unknown[]) =>
  entries.filter((e): e is Chrome => typeof e === 'object' && e !== null && !('componentName' in e));

describe('content contract (Prism with --errors)', () => {
  it('answers every named layout example with a body valid against its own schema', async () => {
    const routes = [];
    for (const name of layoutExampleNames()) {
      const response = await example(name);
      expect(response.status, name).toBe(200); // --errors turns a schema violation into a 500
      const body = getLayoutResponse.parse(await response.json());
      routes.push({ name, route: body.sitecore.route });
    }
    const versions = routes.filter((r) => !EDITOR_EXAMPLE.test(r.name));
    for (const { name, route } of versions) {
      expect(route.itemLanguage, name).toBe(languageOf(name));
      expect(route.placeholders.main?.length, name).toBeGreaterThan(0);
    }
    // What follows holds per language: a German version shares its item's layout.
    const pages = versions.filter((r) => languageOf(r.name) === 'en');
    const german = versions.filter((r) => languageOf(r.name) === 'de');
    expect(german.length).toBeGreaterThan(5);
    // Titles, meta descriptions and layout ids are per page; only home and the campaign share the targeted one.
    const unique = (values: unknown[]) => new Set(values).size === values.length;
    expect(unique(pages.map((p) => p.route.fields.pageTitle.value))).toBe(true);
    expect(unique(pages.map((p) => p.route.fields.metaDescription.value))).toBe(true);
    expect(
      pages
        .filter((p) => p.route.layoutId === TARGETED)
        .map((p) => p.name)
        .sort(),
    ).toEqual(['campaigns-airshow-2025', 'home']);
    expect(unique(pages.filter((p) => p.route.layoutId !== TARGETED).map((p) => p.route.layoutId))).toBe(true);
    expect(unique(german.map((p) => p.route.fields.pageTitle.value))).toBe(true);
  });

  it('answers /capabilities/space with that route through the mock layer', async () => {
    const data = await client().getRoute('/capabilities/space');
    expect(data.sitecore.route?.fields.pageTitle.value).toBe('Space systems | Aerospace & Defence');
    expect(data.sitecore.context).toMatchObject({ pageEditing: false, pageState: 'normal', site: { name: 'aero' } });
    expect(mainOf(data).map((r) => r.componentName)).toEqual(['Hero', 'Columns', 'CapabilityCards']);
    const columns = mainOf(data)[1];
    expect(columns?.placeholders?.['columns-left']?.[0]).toMatchObject({ componentName: 'RichText' });
  });

  it('answers an unknown item with 404 and route null, which the client returns as data', async () => {
    const raw = await fetch(`${prism.url}${LAYOUT}?item=%2Fnope&sc_apikey=${API_KEY}`, {
      headers: { Prefer: preferForItem('/nope') },
    });
    expect(raw.status).toBe(404);
    expect((await raw.json()).sitecore.route).toBeNull();
    const data = await client().getRoute('/nope');
    expect(data.sitecore.route).toBeNull();
    expect(data.sitecore.context.pageState).toBe('normal');
  });

  it('answers every product path with the wildcard product route', async () => {
    const data = await client().getRoute('/products/sku-act-seal-kit-35');
    expect(data.sitecore.route?.name).toBe('*');
    expect(mainOf(data)[0]?.componentName).toBe('ProductDetail');
  });

  it('answers edit mode with every field editable (text, image, link, date, number, rich text, an empty one) and chrome around every rendering', async () => {
    const home = await client().getRoute('/', { mode: 'edit' });
    const article = await client().getRoute('/news/f-35-sustainment', { mode: 'edit' });
    const kinds = new Set<string>();
    for (const data of [home, article]) {
      expect(data.sitecore.context).toMatchObject({ pageEditing: true, pageState: 'edit' });
      for (const [name, field] of fieldsOf(data)) {
        const markup = field.editable ?? `${field.editableFirstPart ?? ''}${field.editableLastPart ?? ''}`;
        // Item-list entries' own links and counts are not shown by the site's teasers; every field it shows is editable.
        if (markup === '') continue;
        expect(markup, name).toMatch(/class='scFieldValue'[^>]*type='hidden'/);
        kinds.add(/scFieldType="([^"]+)"/.exec(markup)![1]!);
        if (field.value === '') kinds.add('empty');
        if (field.editableFirstPart) {
          expect(field.editableFirstPart, name).toMatch(/<a href="[^"]+">[^<]*$/);
          expect(field.editableLastPart, name).toMatch(/^<\/a>/);
        }
      }
      // The placeholder opens and closes around its entries; each rendering sits between its own chrome pair.
      const main = data.sitecore.route!.placeholders.main!;
      const first = main[0] as Chrome;
      const last = main.at(-1) as Chrome;
      expect(first.attributes).toMatchObject({ chrometype: 'placeholder', kind: 'open', key: 'main' });
      expect(last.attributes).toMatchObject({ chrometype: 'placeholder', kind: 'close', hintname: 'main' });
      main.forEach((entry, i) => {
        if (!('componentName' in entry)) return;
        expect((main[i - 1] as Chrome).attributes, entry.componentName).toMatchObject({
          chrometype: 'rendering',
          kind: 'open',
          hintname: entry.componentName,
        });
        expect((main[i + 1] as Chrome).attributes).toMatchObject({ chrometype: 'rendering', kind: 'close' });
      });
    }
    expect([...kinds].sort()).toEqual(
      ['datetime', 'empty', 'general link', 'image', 'integer', 'rich text', 'single-line text'].sort(),
    );
  });

  it('answers metadata edit mode with field metadata instead of markup, the editor scripts and data, and dynamic and empty placeholders', async () => {
    const data = await client().getRoute('/about', { mode: 'edit' });
    const context = data.sitecore.context;
    expect(context).toMatchObject({ pageEditing: true, pageState: 'edit', editMode: 'metadata' });
    expect(context.clientScripts).toEqual(['/editor-stub/canvas.js']);
    expect(context.clientData?.['hrz-canvas-state']).toMatchObject({ itemId: data.sitecore.route!.itemId });
    expect(Object.keys(context.clientData ?? {}).sort()).toEqual(
      ['hrz-canvas-state', 'hrz-canvas-verification-token'].sort(),
    );
    expect(data.sitecore.route?.databaseName).toBe('master');
    // Every field (route, renderings at any depth, item-list entries) carries metadata and no markup, an empty one too.
    const fields = fieldsOf(data);
    expect(fields.length).toBeGreaterThan(10);
    let empty = 0;
    for (const [name, field] of fields) {
      expect(
        Object.keys(field).filter((k) => k.startsWith('editable')),
        name,
      ).toEqual([]);
      const metadata = (field as { metadata?: Record<string, unknown> }).metadata;
      expect(metadata, name).toMatchObject({
        datasource: { id: expect.stringMatching(/^\{[0-9A-F-]{36}\}$/), language: 'en', version: 1 },
        fieldId: expect.stringMatching(/^\{[0-9A-F-]{36}\}$/),
        fieldType: expect.any(String),
        rawValue: expect.any(String),
      });
      if (field.value === '') empty += 1;
    }
    expect(empty).toBeGreaterThan(0);
    // No chrome entries anywhere: the site writes the markers itself.
    const placeholders = data.sitecore.route!.placeholders;
    expect(chromeOf(placeholders.main!)).toEqual([]);
    expect(chromeOf(placeholders['jss-footer']!)).toEqual([]);
    // A Columns with a dynamic placeholder id, its placeholders keyed by pattern: one holds a rendering, one is empty.
    const columns = mainOf(data).find((r) => r.componentName === 'Columns')!;
    expect(columns.params).toMatchObject({ DynamicPlaceholderId: '1' });
    expect(Object.keys(columns.placeholders ?? {}).sort()).toEqual(['columns-left-{*}', 'columns-right-{*}']);
    expect(columns.placeholders!['columns-left-{*}']![0]).toMatchObject({ componentName: 'RichText' });
    expect(columns.placeholders!['columns-right-{*}']).toEqual([]);
    // A rendering's own fields name its data source.
    for (const rendering of mainOf(data))
      for (const [name, field] of Object.entries(rendering.fields ?? {}))
        if (!Array.isArray(field) && 'value' in field)
          expect((field as { metadata?: { datasource?: { id?: string } } }).metadata?.datasource?.id, name).toBe(
            rendering.dataSource,
          );
  });

  it('answers preview mode with the latest versions an editor is about to publish, and no editing markup', async () => {
    const published = await client().getRoute('/');
    const preview = await client().getRoute('/', { mode: 'preview' });
    expect(preview.sitecore.context).toMatchObject({ pageEditing: false, pageState: 'preview' });
    expect(preview.sitecore.route?.databaseName).toBe('master');
    const names = (data: LayoutResult) => mainOf(data).map((r) => r.componentName);
    expect(names(preview)).toEqual(['Hero', 'PromoCta', ...names(published).slice(1)]);
    for (const [name, field] of fieldsOf(preview))
      expect(
        Object.keys(field).filter((k) => k.startsWith('editable')),
        name,
      ).toEqual([]);
    expect(chromeOf(preview.sitecore.route!.placeholders.main!)).toEqual([]);
  });

  it('answers the dictionary with the not-found page strings', async () => {
    const data = getDictionaryResponse.parse(await client().getDictionary('aero', 'en'));
    expect(data).toMatchObject({ lang: 'en', app: 'aero' });
    expect(data.phrases['NotFound.Heading']).toBe('Page not found');
  });

  it('lists routes that each have their own layout example (what the build prerenders)', async () => {
    const list = listRoutesResponse.parse(await client().listRoutes());
    const paths = list.routes.map((r) => r.path);
    expect(paths[0]).toBe('/');
    expect(paths).toEqual(
      expect.arrayContaining([
        '/capabilities/space',
        '/news/f-35-sustainment',
        '/campaigns/airshow-2025',
        '/api/auth/signin',
      ]),
    );
    for (const path of paths) expect(preferForItem(path), path).toMatch(/^example=(?!products-wildcard)/);
    // Every English example except the wildcard and the edit variant is a listed route.
    const english = [...layoutExampleNames()].filter(
      (n) => n !== 'products-wildcard' && !EDITOR_EXAMPLE.test(n) && languageOf(n) === 'en',
    );
    expect(paths.length).toBe(english.length);
  });

  it('lists the German routes (sc_lang=de), each with its German layout example, and says so in each English one', async () => {
    const list = listRoutesResponse.parse(await client().listRoutes({ language: 'de' }));
    expect(list.language).toBe('de');
    const paths = list.routes.map((r) => r.path);
    expect(paths).toEqual(['/', '/capabilities', '/capabilities/space', '/news', '/news/f-35-sustainment', '/careers']);
    const german = [...layoutExampleNames()].filter((n) => !EDITOR_EXAMPLE.test(n) && languageOf(n) === 'de');
    expect(paths.length).toBe(german.length);
    for (const path of paths) {
      const de = await client().getRoute(path, { language: 'de' });
      expect(de.sitecore.route?.itemLanguage, path).toBe('de');
      expect(de.sitecore.context.languages, path).toEqual(['en', 'de']);
      const en = await client().getRoute(path);
      expect(en.sitecore.context.languages, path).toEqual(['en', 'de']);
    }
    // A route with no German version says so, and has none.
    const air = await client().getRoute('/capabilities/air');
    expect(air.sitecore.context.languages).toBeUndefined();
    expect((await client().getRoute('/capabilities/air', { language: 'de' })).sitecore.route).toBeNull();
  });

  it('answers the dictionary of every language with every key the site shows, and 404 for another language', async () => {
    for (const language of ['en', 'de']) {
      const data = await client().getDictionary('aero', language);
      expect(Object.keys(data.phrases).sort(), language).toEqual(Object.keys(ENGLISH).sort());
    }
    expect((await client().getDictionary('aero', 'en')).phrases).toEqual(ENGLISH);
    await expect(client().getDictionary('aero', 'fr')).rejects.toMatchObject({ status: 404 });
  });

  it('answers a missing or malformed API key with 400 and an unknown one with 401', async () => {
    const missing = await fetch(`${prism.url}${LAYOUT}?item=%2F`);
    expect(missing.status).toBe(400);
    expect(await missing.json()).toHaveProperty('message');
    const malformed = createContentClient({ baseUrl: prism.url, apiKey: 'not-a-guid' });
    await expect(malformed.getRoute('/')).rejects.toMatchObject({ status: 400 });
    const unknown = createContentClient({
      baseUrl: prism.url,
      apiKey: API_KEY,
      fetch: (input, init) =>
        fetch(input, { ...init, headers: { ...Object.fromEntries(new Headers(init?.headers)), Prefer: 'code=401' } }),
    });
    const error = await unknown.getRoute('/').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 401, message: 'Invalid API key' });
  });

  it('gives every search and content link to /news and /capabilities a page of its own', () => {
    const hrefs = new Set<string>();
    const collect = (text: string) => {
      for (const m of text.matchAll(/(?:url|href): (\/(?:news|capabilities)[^\s,}'"]*)/g)) hrefs.add(m[1]!);
    };
    collect(readFileSync(join(root, 'openapi', 'search', 'openapi.yaml'), 'utf8'));
    collect(readFileSync(join(root, 'openapi', 'content', 'openapi.yaml'), 'utf8'));
    expect(hrefs.size).toBeGreaterThan(6);
    for (const href of hrefs) expect(preferForItem(href), href).toMatch(/^example=/);
  });

  it('targets the oneconnect banners at the layout of the home and campaign pages', () => {
    const doc = readContract(ONECONNECT_SPEC);
    const banners = doc.paths['/api/oneconnect/get-segment-banners'].get.responses['200'].content['application/json']
      .examples.mixed.value as { layoutId: string }[];
    expect(new Set(banners.map((b) => b.layoutId))).toEqual(new Set([TARGETED]));
  });
});
