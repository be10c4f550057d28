// @ts-check
// A synthetic content host for the build's bench and tests: a plain Node server (Prism per request
// would dominate the figures) answering the content contract's route list (paged), layouts and
// dictionaries for a site of any size. Its pages are realistic: a hero, rich text with links to
// other pages, cards, a nested placeholder (Columns), in English and German. It can throttle (429)
// and fail (503) requests, and its content can change while it runs (a publish).
import { createServer } from 'node:http';

/** @import { AddressInfo } from 'node:net' */

const LANGUAGES = ['en', 'de'];
// The frame's navigation links the capabilities, news and careers pages: every synthetic site has them.
const SECTIONS = ['capabilities', 'news', 'careers', 'programmes', 'legal'];
const IMAGE = {
  src: '/-/media/images/hero-1280.svg',
  alt: 'An aircraft climbing into a clear sky',
  width: 1280,
  height: 720,
};

/**
 * The item paths of a synthetic site of `count` routes per language: the home page, one landing
 * page per section, then pages spread over the sections.
 * @param {number} count
 * @returns {string[]}
 */
function syntheticItems(count) {
  const items = ['/', ...SECTIONS.map((s) => `/${s}`)].slice(0, count);
  for (let i = 0; items.length < count; i += 1) items.push(`/${SECTIONS[i % SECTIONS.length]}/page-${i + 1}`);
  return items;
}

/** @param {string} text @param {string} language */
const inLanguage = (text, language) => (language === 'de' ? `${text} (Deutsch)` : text);
/** @param {string} item @param {string} language */
const href = (item, language) => (language === 'en' ? item : item === '/' ? `/${language}` : `/${language}${item}`);

/**
 * A card of the cards rendering, leading to `item`.
 * @param {string} item
 * @param {string} language
 */
const card = (item, language) => ({
  id: `{${item}}`,
  name: item.split('/').pop() || 'home',
  displayName: item,
  url: item,
  fields: {
    title: { value: inLanguage(`About ${item}`, language) },
    summary: { value: inLanguage(`What ${item} covers, in a sentence or two.`, language) },
    link: { value: { href: href(item, language), text: 'Read more', target: '', linktype: 'internal' } },
    image: { value: { ...IMAGE, width: 320, height: 180 } },
  },
});

/**
 * The layout answer of `item` in `language` (`version`: how often it was published).
 * @param {string} item
 * @param {string} language
 * @param {string[]} items every item of the site in `language` (the page's links lead to some)
 * @param {number} version
 * @param {string[]} languages the languages the page has
 */
function syntheticLayout(item, language, items, version = 0, languages = LANGUAGES) {
  const index = Math.max(0, items.indexOf(item));
  const near = [1, 2, 3].map((step) => /** @type {string} */ (items[(index + step) % items.length]));
  const title = inLanguage(`Page ${item}${version ? ` (revision ${version})` : ''}`, language);
  const uid = (/** @type {number} */ n) => `00000000-0000-4000-8000-${String(index * 10 + n).padStart(12, '0')}`;
  return {
    sitecore: {
      context: { pageEditing: false, pageState: 'normal', language, languages, site: { name: 'aero' } },
      route: {
        name: item.split('/').pop() || 'home',
        displayName: title,
        fields: {
          pageTitle: { value: `${title} | Aerospace & Defence` },
          metaDescription: { value: inLanguage(`A synthetic page of the bench: ${item}.`, language) },
        },
        databaseName: 'web',
        itemId: uid(0),
        itemLanguage: language,
        itemVersion: version + 1,
        layoutId: 'eed3801e-153c-4c94-aa57-b6f16c02d16b',
        templateId: '8c960e6e-eb81-4cf0-ad21-22d2d2ab8e90',
        templateName: 'Content Page',
        placeholders: {
          main: [
            {
              uid: uid(1),
              componentName: 'Hero',
              dataSource: `{${uid(1)}}`,
              params: {},
              fields: {
                heading: { value: title },
                text: { value: inLanguage('Engineering for air, land, sea and space.', language) },
                image: { value: IMAGE },
              },
            },
            {
              uid: uid(2),
              componentName: 'Columns',
              dataSource: '',
              params: {},
              fields: {},
              placeholders: {
                'columns-left': [
                  {
                    uid: uid(3),
                    componentName: 'RichText',
                    dataSource: `{${uid(3)}}`,
                    params: {},
                    fields: {
                      text: {
                        value: `<p>${inLanguage('Programme news, products and careers across the group.', language)}</p><ul>${near.map((n) => `<li><a href="${href(n, language)}">${n}</a></li>`).join('')}</ul>`,
                      },
                    },
                  },
                ],
                'columns-right': [
                  {
                    uid: uid(4),
                    componentName: 'PromoCta',
                    dataSource: `{${uid(4)}}`,
                    params: {},
                    fields: {
                      heading: { value: inLanguage('Work with us', language) },
                      text: { value: inLanguage('Systems, RF and software engineers.', language) },
                      link: {
                        value: { href: href('/careers', language), text: 'Careers', target: '', linktype: 'internal' },
                      },
                    },
                  },
                ],
              },
            },
            {
              uid: uid(5),
              componentName: 'CapabilityCards',
              dataSource: `{${uid(5)}}`,
              params: {},
              fields: {
                heading: { value: inLanguage('Related', language) },
                cards: near.map((n) => card(n, language)),
              },
            },
          ],
        },
      },
    },
  };
}

/**
 * Options of {@link startSyntheticContent}.
 * @typedef {object} SyntheticOptions
 * @property {number} routes Routes of the site: half of them in English, the other half the German versions of the first English ones.
 * @property {(request: { kind: 'layout' | 'routes' | 'dictionary'; item?: string; attempt: number }) => 429 | 500 | 503 | undefined} [fault]
 *   A status to answer instead (the request's `attempt` counts that item's requests so far, from 1).
 * @property {number} [delayMs] Wait before each answer (a service's latency). Defaults to none.
 */

/**
 * Starts the synthetic content host on a free loopback port. Returns its URL, its items, the
 * requests it answered per layout item, the most it had in flight at once, `publish(item)` (a new revision of a page), `addRoute`,
 * `removeRoute`, `changeDictionary(language)` and `stop()`.
 * @param {SyntheticOptions} options
 */
export async function startSyntheticContent({ routes, fault, delayMs = 0 }) {
  const items = syntheticItems(Math.ceil(routes / 2));
  // The pages' links stay those of the site as it started: a route added or removed changes no
  // other page's layout (an editor has not linked the new page yet, nor unlinked the old one).
  const linked = [...items];
  /** The items with a German version: the first ones. */
  let german = Math.floor(routes / 2);
  const inSite = (/** @type {string} */ item, /** @type {string} */ language) => {
    const index = items.indexOf(item);
    return index >= 0 && (language === 'en' || index < german);
  };
  /** @type {Map<string, number>} */
  const versions = new Map();
  /** @type {Map<string, number>} */
  const attempts = new Map();
  const dictionaries = { en: 0, de: 0 };
  const lastModified = (/** @type {string} */ item) =>
    new Date(Date.UTC(2025, 0, 1) + (versions.get(item) ?? 0) * 60_000).toISOString().replace('.000', '');
  const send = (
    /** @type {import('node:http').ServerResponse} */ res,
    /** @type {number} */ status,
    /** @type {unknown} */ body,
  ) =>
    res
      .writeHead(status, { 'content-type': 'application/json', ...(status === 429 ? { 'retry-after': '0' } : {}) })
      .end(JSON.stringify(body));
  const load = { inFlight: 0, max: 0 };
  let listRequests = 0;
  const server = createServer((req, res) => {
    load.inFlight += 1;
    load.max = Math.max(load.max, load.inFlight);
    res.once('close', () => (load.inFlight -= 1));
    const url = new URL(req.url ?? '/', 'http://synthetic.invalid');
    const language = url.searchParams.get('sc_lang') ?? 'en';
    const answer = () => {
      if (url.pathname === '/sitecore/api/jss/routes') {
        listRequests += 1;
        const fail = fault?.({ kind: 'routes', attempt: 1 });
        if (fail) return send(res, fail, { message: 'synthetic failure' });
        const limit = Number(url.searchParams.get('limit') ?? items.length);
        const start = Number(url.searchParams.get('cursor') ?? 0);
        const listed = language === 'en' ? items : items.slice(0, german);
        const page = listed.slice(start, start + limit);
        const next = start + limit < listed.length ? String(start + limit) : undefined;
        return send(res, 200, {
          site: 'aero',
          language,
          routes: page.map((item) => ({
            path: item,
            name: item.split('/').pop() || 'home',
            language,
            lastModified: lastModified(item),
          })),
          ...(next ? { nextCursor: next } : {}),
        });
      }
      if (url.pathname.startsWith('/sitecore/api/jss/dictionary/')) {
        const lang = /** @type {'en' | 'de'} */ (url.pathname.split('/').pop());
        const fail = fault?.({ kind: 'dictionary', attempt: 1 });
        if (fail) return send(res, fail, { message: 'synthetic failure' });
        return send(res, 200, {
          lang,
          app: 'aero',
          phrases: {
            'NotFound.Heading': lang === 'de' ? 'Seite nicht gefunden' : 'Page not found',
            'Synthetic.Revision': String(dictionaries[lang] ?? 0),
          },
        });
      }
      if (url.pathname === '/sitecore/api/layout/render/jss') {
        const item = url.searchParams.get('item') ?? '/';
        const key = `${language}:${item}`;
        const attempt = (attempts.get(key) ?? 0) + 1;
        attempts.set(key, attempt);
        const fail = fault?.({ kind: 'layout', item, attempt });
        if (fail) return send(res, fail, { message: 'synthetic failure' });
        if (!inSite(item, language))
          return send(res, 404, {
            sitecore: {
              context: { pageEditing: false, pageState: 'normal', language, site: { name: 'aero' } },
              route: null,
            },
          });
        const languages = inSite(item, 'de') ? LANGUAGES : ['en'];
        const linkable = language === 'en' ? linked : linked.slice(0, Math.floor(routes / 2));
        return send(res, 200, syntheticLayout(item, language, linkable, versions.get(item) ?? 0, languages));
      }
      send(res, 404, { message: `no ${url.pathname}` });
    };
    if (delayMs > 0) setTimeout(answer, delayMs);
    else answer();
  });
  await /** @type {Promise<void>} */ (new Promise((resolve) => server.listen(0, '127.0.0.1', resolve)));
  const { port } = /** @type {AddressInfo} */ (server.address());
  return {
    url: `http://127.0.0.1:${port}`,
    items,
    /** Layout requests per `language:item` so far. */
    attempts,
    /** The most requests it had in flight at once. */
    maxInFlight: () => load.max,
    /** The route list requests (pages) it answered. */
    listRequests: () => listRequests,
    /** @param {string} item A new revision of `item` (its layout and `lastModified` change). */
    publish: (item) => void versions.set(item, (versions.get(item) ?? 0) + 1),
    /** @param {string} item A new English route (listed last). */
    addRoute: (item) => void items.push(item),
    /** @param {string} item Removes the route in every language. */
    removeRoute: (item) => {
      const index = items.indexOf(item);
      if (index < 0) return;
      items.splice(index, 1);
      if (index < german) german -= 1;
    },
    /** @param {'en' | 'de'} language */
    changeDictionary: (language) => void (dictionaries[language] += 1),
    /** @returns {Promise<void>} */
    stop: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
