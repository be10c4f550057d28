// A small stand-in for the site's server bundle (src/site/entry-server.tsx, built by Vite), with the
// same exports the prerender module uses: it reads the same content contract (route list, layouts,
// dictionaries) from the content host through the fetch it is given, and renders each page as a
// heading and its links. The prerender tests run the real pool, manifest, publish server and crawl
// files over it in seconds, without building the site's bundles (tests/node/prerender.test.ts does).

export const LANGUAGES = ['en', 'de'];
export const NOT_FOUND_ITEM = '/404';
export const sitePath = (item, language) =>
  language === 'en' ? item : item === '/' ? `/${language}` : `/${language}${item}`;
const locate = (path) => {
  const match = /^\/(de)(\/.*)?$/.exec(path);
  return match ? { language: match[1], item: match[2] ?? '/' } : { language: 'en', item: path };
};
export const buildSettings = {
  publicOrigin: 'https://www.aero.example',
  contentHost: 'https://cd.aero.example',
  appRoutes: ['/search'],
  origins: { connect: ['https://cd.aero.example'], script: [], img: ['https://cd.aero.example'] },
  trustedTypes: ['aero'],
};

async function json(answer, what) {
  if (!answer.ok && answer.status !== 404) throw new Error(`${what} answered ${answer.status}`);
  return answer.json();
}

export function createPrerenderer({ contentHost, fetch: send = fetch }) {
  const get = (path, query) => send(`${contentHost}${path}?${new URLSearchParams(query)}`);
  const getLayout = async (path) => {
    const { item, language } = locate(path);
    return json(await get('/sitecore/api/layout/render/jss', { item, sc_lang: language }), `the layout of ${path}`);
  };
  const getDictionary = async (language) => {
    const answer = await get(`/sitecore/api/jss/dictionary/aero/${language}`, {});
    return answer.ok ? answer.json() : undefined;
  };
  return {
    listRoutes: async (language, { cursor, limit } = {}) =>
      json(
        await get('/sitecore/api/jss/routes', {
          sc_lang: language,
          ...(cursor ? { cursor } : {}),
          ...(limit ? { limit: String(limit) } : {}),
        }),
        'the route list',
      ),
    getLayout,
    getDictionary,
    async render(path, given = {}) {
      const layout = given.layout ?? (await getLayout(path));
      const dictionary = given.dictionary === undefined ? await getDictionary(locate(path).language) : given.dictionary;
      const route = layout.sitecore.route;
      const languages = route ? (layout.sitecore.context.languages ?? []) : [];
      const { item, language } = locate(path);
      // The links of the page's renderings, wherever they nest (rich text, cards, calls to action).
      const links = [...JSON.stringify(route ?? {}).matchAll(/href=\\"([^"\\]+)\\"|"href":"([^"]+)"/g)].map(
        (m) => m[1] ?? m[2],
      );
      return {
        path,
        status: route ? 200 : 404,
        indexable: !!route,
        lang: language,
        item,
        alternates:
          languages.length > 1 ? languages.map((code) => ({ language: code, path: sitePath(item, code) })) : [],
        head: `<title>${route ? route.displayName : 'Not found'}</title>`,
        body: `<h1>${route ? route.displayName : (dictionary?.phrases?.['NotFound.Heading'] ?? 'Not found')}</h1><p>${dictionary?.phrases?.['Synthetic.Revision'] ?? ''}</p>${links.map((href) => `<a href="${href}">${href}</a>`).join('')}`,
        state: '',
        modules: [],
      };
    },
  };
}
