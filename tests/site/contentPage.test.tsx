import { Suspense } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createContentClient, type PageMode, type RouteData } from '../../src/content/index.ts';
import { ContentProvider } from '../../src/content/react.tsx';
import { EngagementProvider } from '../../src/engagement/react.tsx';
import { createOneconnectClient } from '../../src/oneconnect/index.ts';
import { createSearchClient } from '../../src/search/index.ts';
import { BannerProvider, OneconnectProvider } from '../../src/oneconnect/react.tsx';
import { Placeholder, RouteRenderer } from '../../src/site/content/placeholder.tsx';
import type { ComponentRegistry, ContentComponentProps } from '../../src/site/content/renderingContext.ts';
import { components } from '../../src/site/content/registry.tsx';
import { productIdOf } from '../../src/site/content/productId.ts';
import { rewriteMediaImages } from '../../src/site/editMode.ts';
import { PageBody } from '../../src/site/content/ContentPage.tsx';
import { type SessionGate, usePageRoute } from '../../src/site/content/route.tsx';
import { createAuthClient, type Session } from '../../src/auth/index.ts';
import { SessionProvider } from '../../src/auth/react.tsx';
import { SiteProvider } from '../../src/site/SiteContext.tsx';
import { type SiteClients, SiteClientsContext } from '../../src/site/siteClients.tsx';
import { readContract } from '../../scripts/contract/contracts.mjs';
import { CONTENT_SPEC } from '../../scripts/lib/contentMock.mjs';

const KEY = '2E7D5A8C-4B1F-4C9A-9D3E-6F0A1B2C3D4E';
const CONTEXT = { pageEditing: false, pageState: 'normal', language: 'en', site: { name: 'aero' } };

// The contract's own layout examples, by item path: the fixture answers the tests start from.
const contract = readContract(CONTENT_SPEC);
const example = (name: string) => structuredClone(contract.components.examples[name].value.sitecore.route) as RouteData;

afterEach(() => {
  cleanup();
  document.body.innerHTML = '';
  document.head.querySelectorAll('title').forEach((t) => t.remove());
});

/** A layout service over `routes` (item → route), recording every request; unknown items answer 404 with route null. */
function layoutService(routes: Record<string, RouteData>, answerContext?: Record<string, unknown>) {
  const requests: URL[] = [];
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const url = new URL(new Request(input, init).url);
    requests.push(url);
    const route = routes[url.searchParams.get('item') ?? ''];
    // As the platform answers: its context says who is looking (the requested `sc_mode`).
    const mode = url.searchParams.get('sc_mode');
    const context =
      answerContext ??
      (mode === 'edit' || mode === 'preview' ? { ...CONTEXT, pageState: mode, pageEditing: mode === 'edit' } : CONTEXT);
    return Response.json({ sitecore: { context, route: route ?? null } }, { status: route ? 200 : 404 });
  };
  return {
    requests,
    client: createContentClient({ baseUrl: 'https://cd.aero.example', apiKey: KEY, site: 'aero', fetch }),
  };
}

/**
 * The session routes: they answer `session` (a promise the test may settle later; signed out by
 * default), note when they did, and record where a redirect would have gone.
 */
function sessionRoutes(session: Promise<Session | null> = Promise.resolve(null)) {
  const state = { answered: false, navigations: [] as string[] };
  const fetch: typeof globalThis.fetch = async () => {
    const answer = await session;
    state.answered = true;
    return Response.json(answer ?? {});
  };
  const client = createAuthClient({
    baseUrl: 'https://www.aero.example',
    fetch,
    navigate: (url) => void state.navigations.push(url),
    storage: null,
    logger: { error() {}, warn() {}, debug() {} },
  });
  return { state, client };
}

/** Renders the page at `path` as the site's catch-all route does: layout service → registry. */
function renderPage(
  path: string,
  routes: Record<string, RouteData>,
  {
    mode = 'normal',
    registry = components,
    gate,
    session,
    context,
  }: {
    mode?: PageMode;
    registry?: ComponentRegistry;
    gate?: SessionGate;
    session?: Promise<Session | null>;
    /** The context every answer carries, whatever the request's `sc_mode`. Defaults to the one the request asked for. */
    context?: Record<string, unknown>;
  } = {},
) {
  const service = layoutService(routes, context);
  const auth = sessionRoutes(session);
  function Page() {
    const page = usePageRoute(new URL(path, 'https://www.aero.example'), mode, gate);
    return <PageBody page={page} components={registry} mode={mode} />;
  }
  // The other services answer nothing: these tests are about the content.
  const search = createSearchClient({
    customerKey: '11111-2222222',
    apiKey: 'k',
    baseUrl: 'https://search.invalid',
    fetch: async () => Response.json({ widgets: [] }),
  });
  const clients = { search } as Partial<SiteClients> as SiteClients;
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <SessionProvider client={auth.client}>
        <EngagementProvider
          settings={{ clientKey: 'k', targetURL: 'https://engage.invalid', pointOfSale: 'ngc' }}
          enabled={false}
        >
          <ContentProvider client={service.client}>
            <OneconnectProvider client={createOneconnectClient({ baseUrl: 'http://127.0.0.1:9' })}>
              <BannerProvider enabled={false}>
                <SiteProvider>
                  <SiteClientsContext.Provider value={clients}>
                    <Suspense fallback={<p>Loading…</p>}>
                      <Page />
                    </Suspense>
                  </SiteClientsContext.Provider>
                </SiteProvider>
              </BannerProvider>
            </OneconnectProvider>
          </ContentProvider>
        </EngagementProvider>
      </SessionProvider>
    </QueryClientProvider>,
  );
  return { ...service, session: auth.state };
}

/** A route with the given renderings in `main`. */
function routeWith(main: unknown[], fields: Record<string, unknown> = {}): RouteData {
  return {
    name: 'fixture',
    itemId: 'f1',
    itemLanguage: 'en',
    layoutId: 'fixture-layout',
    fields: {
      pageTitle: { value: 'Fixture | Aerospace & Defence' },
      metaDescription: { value: 'A fixture page.' },
      ...fields,
    },
    placeholders: { main },
  } as RouteData;
}

describe('the catch-all route: layout service → component registry', () => {
  it('renders route and rendering fields: the h1, the text, the image with its width and height, the links, and the page title', async () => {
    const { requests } = renderPage('/campaigns/airshow-2025', {
      '/campaigns/airshow-2025': example('campaigns-airshow-2025'),
    });
    const heading = await screen.findByRole('heading', { level: 1 });
    expect(heading.textContent).toBe('Meet us at the International Airshow 2025');
    const image = screen.getAllByRole('img')[0]!;
    expect(image.getAttribute('width')).toBe('1440');
    expect(image.getAttribute('height')).toBe('320');
    expect(image.getAttribute('src')).toMatch(/^\/-\/media\//);
    expect(screen.getByRole('link', { name: 'Plan your visit' }).getAttribute('href')).toBe('/search?q=airshow');
    // The nested Columns placeholders hold the promo; rich text loads on demand.
    expect(screen.getByRole('link', { name: 'Book with your account' }).getAttribute('href')).toBe('/account');
    await waitFor(() => expect(document.title).toBe('Meet us at the International Airshow 2025 | Aerospace & Defence'));
    const url = requests[0]!;
    expect(Object.fromEntries(url.searchParams)).toEqual({
      item: '/campaigns/airshow-2025',
      sc_apikey: KEY,
      sc_site: 'aero',
      sc_lang: 'en',
    });
  });

  it('passes the page mode to the layout service (sc_mode), and sends none for visitors', async () => {
    const routes = { '/': example('home') };
    const edit = renderPage('/', routes, { mode: 'edit' });
    await screen.findByRole('heading', { level: 1 });
    expect(edit.requests[0]!.searchParams.get('sc_mode')).toBe('edit');
    cleanup();
    const normal = renderPage('/', routes);
    await screen.findByRole('heading', { level: 1 });
    expect(normal.requests[0]!.searchParams.has('sc_mode')).toBe(false);
  });

  it('renders placeholders recursively: renderings inside containers inside containers, in order', async () => {
    const Box = ({ fields, rendering }: ContentComponentProps) => (
      <section aria-label={String((fields.label as { value: string }).value)}>
        <Placeholder name="inside" rendering={rendering} />
      </section>
    );
    const box = (label: string, inside: unknown[] = []) => ({
      uid: label,
      componentName: 'Box',
      fields: { label: { value: label } },
      placeholders: { inside },
    });
    const route = routeWith([
      box('outer', [box('middle-1', [box('inner-a'), box('inner-b')]), box('middle-2')]),
      box('sibling'),
    ]);
    renderPage('/nested', { '/nested': route }, { registry: { Box } });
    const outer = await screen.findByRole('region', { name: 'outer' });
    const middle = within(outer).getByRole('region', { name: 'middle-1' });
    expect(
      within(middle)
        .getAllByRole('region')
        .map((r) => r.getAttribute('aria-label')),
    ).toEqual(['inner-a', 'inner-b']);
    expect(within(outer).getByRole('region', { name: 'middle-2' })).toBeTruthy();
    expect(screen.getAllByRole('region').map((r) => r.getAttribute('aria-label'))).toEqual([
      'outer',
      'middle-1',
      'inner-a',
      'inner-b',
      'middle-2',
      'sibling',
    ]);
  });

  it('gives every component its fields, params, rendering and the route', async () => {
    const seen: ContentComponentProps[] = [];
    const Probe = (props: ContentComponentProps) => {
      seen.push(props);
      return <p>probe</p>;
    };
    const rendering = {
      uid: 'p1',
      componentName: 'Probe',
      dataSource: '{ABC}',
      params: { rfkId: 'rfkid_9' },
      fields: { heading: { value: 'Hi' } },
    };
    renderPage('/probe', { '/probe': routeWith([rendering]) }, { registry: { Probe } });
    await screen.findByText('probe');
    expect(seen.at(-1)).toMatchObject({
      fields: { heading: { value: 'Hi' } },
      params: { rfkId: 'rfkid_9' },
      rendering: { uid: 'p1', dataSource: '{ABC}' },
      route: { layoutId: 'fixture-layout' },
    });
  });

  it('renders nothing for an unknown component for visitors, and a labelled box for editors in edit and preview mode', async () => {
    const routes = { '/': example('home') };
    renderPage('/', routes);
    await screen.findByRole('heading', { name: 'Insights' });
    expect(screen.queryByRole('group', { name: /Unknown component/ })).toBeNull();
    expect(screen.queryByText(/LaunchCountdown|Next launch/)).toBeNull();
    for (const mode of ['edit', 'preview'] as const) {
      cleanup();
      renderPage('/', routes, { mode });
      const box = await screen.findByRole('group', { name: 'Unknown component: LaunchCountdown' });
      expect(box.textContent).toContain('Unknown component: LaunchCountdown');
      expect(box.className).toBe('unknown-component');
    }
  });

  it('treats a componentName that is an Object.prototype key as unknown, and makes no component of editor-only HTML entries', async () => {
    const route = routeWith([
      { uid: 'x', componentName: 'constructor' },
      { name: 'code', type: 'text/sitecore', contents: '{}', attributes: { chrometype: 'placeholder' } },
      {
        uid: 'p',
        componentName: 'PromoCta',
        fields: {
          heading: { value: 'Still here' },
          text: { value: '' },
          link: { value: { href: '/news', text: 'News' } },
        },
      },
    ]);
    renderPage('/odd', { '/odd': route }, { mode: 'edit' });
    await screen.findByRole('heading', { name: 'Still here' });
    expect(screen.getByRole('group', { name: 'Unknown component: constructor' })).toBeTruthy();
    expect(screen.getAllByRole('group')).toHaveLength(1);
  });

  it("renders for who the answer says is looking, not the URL: a visitors' answer gets no editing markup under sc_mode=edit, an editor's gets it without", async () => {
    const route = routeWith([
      { uid: 'x', componentName: 'LaunchCountdown' },
      { name: 'code', type: 'text/sitecore', contents: '{}', attributes: { chrometype: 'placeholder', kind: 'open' } },
      { uid: 'p', componentName: 'PromoCta', fields: { heading: { value: 'Still here' } } },
    ]);
    renderPage('/odd', { '/odd': route }, { mode: 'edit', context: CONTEXT });
    await screen.findByRole('heading', { name: 'Still here' });
    expect(screen.queryByRole('group')).toBeNull();
    expect(document.querySelectorAll('code').length).toBe(0);
    cleanup();

    const editor = { ...CONTEXT, pageEditing: true, pageState: 'edit', editMode: 'metadata' };
    renderPage('/odd', { '/odd': route }, { mode: 'normal', context: editor });
    await screen.findByRole('heading', { name: 'Still here' });
    expect(screen.getByRole('group', { name: 'Unknown component: LaunchCountdown' })).toBeTruthy();
    await waitFor(() =>
      expect(document.querySelector('code[chrometype="placeholder"][kind="open"]')?.id).toBe(
        'main_00000000-0000-0000-0000-000000000000',
      ),
    );
    // The chromes editor's entries are not the hosted editor's: they are left out.
    expect(document.querySelectorAll('code[chrometype="placeholder"]').length).toBe(2);
  });

  it('renders the not-found page when the layout service answers route null', async () => {
    renderPage('/no/such/page', {});
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Page not found');
    expect(screen.getByRole('link', { name: 'Go to the home page' }).getAttribute('href')).toBe('/');
  });

  it('renders a page added only to the content (no code change): a new route in the layout answer', async () => {
    const heritage = routeWith(
      [
        {
          uid: 'h1',
          componentName: 'Hero',
          fields: {
            heading: { value: 'A century of flight' },
            text: { value: 'From fabric biplanes to satellites.' },
            image: {
              value: {
                src: '/-/media/images/heritage.jpg',
                alt: 'A biplane over a grass airfield',
                width: 800,
                height: 450,
              },
            },
            cta: { value: { href: '/news', text: 'Read our history', linktype: 'internal' } },
          },
        },
        {
          uid: 'c1',
          componentName: 'PromoCta',
          fields: {
            heading: { value: 'Visit the museum' },
            text: { value: 'Open daily.' },
            link: { value: { href: 'javascript:alert(1)', text: 'Plan a visit' } },
          },
        },
      ],
      { pageTitle: { value: 'Our heritage | Aerospace & Defence' } },
    );
    renderPage('/about/heritage', { '/': example('home'), '/about/heritage': heritage });
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('A century of flight');
    const image = screen.getByRole('img', { name: 'A biplane over a grass airfield' });
    expect([image.getAttribute('width'), image.getAttribute('height')]).toEqual(['800', '450']);
    // Links from content pass the site's link guard.
    expect(screen.getByRole('link', { name: 'Plan a visit' }).getAttribute('href')).toBe('#');
    await waitFor(() => expect(document.title).toBe('Our heritage | Aerospace & Defence'));
  });

  it("heads each section once: a rendering's own heading replaces the recommendation widget's default title", async () => {
    const widgetOnScreen = () => waitFor(() => expect(document.querySelector('.search-recommendation')).not.toBeNull());
    const headings = () => screen.getAllByRole('heading').map((h) => h.textContent);
    renderPage('/', { '/': example('home') });
    await widgetOnScreen();
    // One heading per section, none of them empty.
    expect(headings().filter((h) => h === 'Recommended for you')).toHaveLength(1);
    expect(new Set(headings()).size).toBe(headings().length);
    expect(headings().filter((h) => !h?.trim())).toEqual([]);
    expect(document.querySelector('.search-recommendation')!.querySelector('h2, h3')).toBeNull();
    cleanup();
    // The campaign page heads its recommendations "Before the show": the widget adds no title of its own.
    renderPage('/campaigns/airshow-2025', { '/campaigns/airshow-2025': example('campaigns-airshow-2025') });
    await widgetOnScreen();
    expect(screen.getByRole('heading', { name: 'Before the show' })).toBeTruthy();
    expect(headings()).not.toContain('Recommended for you');
    cleanup();
    // A rendering an editor left without a heading keeps the widget's own title.
    renderPage('/picks', {
      '/picks': routeWith([
        { uid: 'r', componentName: 'RecommendationWidget', params: { rfkId: 'rfkid_1' }, fields: {} },
      ]),
    });
    await widgetOnScreen();
    expect(headings()).toEqual(['Recommended for you']);
  });

  it("renders the footer's link groups from the route's jss-footer placeholder, every link through the link guard", () => {
    const route = example('home');
    render(
      <RouteRenderer components={components} route={route} mode="normal" url={new URL('https://www.aero.example/')}>
        <Placeholder name="jss-footer" />
      </RouteRenderer>,
    );
    const groups = screen.getAllByRole('navigation');
    expect(groups.map((g) => g.getAttribute('aria-labelledby') && within(g).getByRole('heading').textContent)).toEqual([
      'Company',
      'Careers',
      'Legal',
    ]);
    const legal = within(groups[2]!)
      .getAllByRole('link')
      .map((a) => [a.textContent, a.getAttribute('href')]);
    expect(legal).toEqual([
      ['Privacy notice', '/legal/privacy'],
      ['Cookie policy', '/legal/cookies'],
      ['Terms of use', '/legal/terms'],
      ['Accessibility statement', '/legal/accessibility'],
      ['Modern slavery statement', '/legal/modern-slavery'],
      ['Export-control notice', '/legal/export-control'],
    ]);
    cleanup();
    // An editor's link to another scheme renders as `#`.
    const hostile = routeWith([]);
    hostile.placeholders['jss-footer'] = [
      {
        uid: 'g',
        componentName: 'LinkGroup',
        fields: {
          heading: { value: 'Company' },
          links: [{ id: 'x', fields: { link: { value: { href: 'javascript:alert(1)', text: 'About us' } } } }],
        },
      },
    ];
    render(
      <RouteRenderer components={components} route={hostile} mode="normal" url={new URL('https://www.aero.example/')}>
        <Placeholder name="jss-footer" />
      </RouteRenderer>,
    );
    expect(screen.getByRole('link', { name: 'About us' }).getAttribute('href')).toBe('#');
  });

  it('renders a job page: its title as the h1, location, summary and an apply link to the careers host', async () => {
    const path = '/careers/jobs/systems-engineer-satellite-payloads';
    renderPage(path, { [path]: example('careers-jobs-systems-engineer-satellite-payloads') });
    const main = await screen.findByRole('article', { name: 'Systems Engineer – Satellite Payloads' });
    expect(within(main).getByRole('heading', { level: 1 }).textContent).toBe('Systems Engineer – Satellite Payloads');
    expect(main.textContent).toContain('Portsmouth, UK');
    expect(main.textContent).toContain('Own the requirements, verification and integration of communications payloads');
    const apply = within(main).getByRole('link', { name: 'Apply for this role' });
    expect(apply.getAttribute('href')).toBe('https://careers.aero.example/jobs/SE-PAY-2025-014/apply');
    expect(apply.dataset.track).toBe('careers');
  });

  it('renders article bodies as sanitized HTML', async () => {
    const article = example('news-f-35-sustainment');
    const body = (article.placeholders.main![0] as unknown as { fields: { body: { value: string } } }).fields.body;
    body.value =
      '<p>Safe text</p><img src=x onerror="window.pwned=1"><script>window.pwned=1</script><a href="javascript:alert(1)">bad</a>';
    renderPage('/news/f-35-sustainment', { '/news/f-35-sustainment': article });
    await screen.findByText('Safe text');
    const html = document.querySelector('.rich-text')!.innerHTML;
    expect(html).not.toMatch(/onerror|<script|javascript:/);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(
      'Keeping the F-35 fleet mission-ready: sustainment at scale',
    );
  });

  it("shares an article's likes between its list entry and its body (the same item id)", async () => {
    const route = routeWith([
      ...example('home').placeholders.main!.filter(
        (r) => (r as { componentName: string }).componentName === 'ArticleList',
      ),
      ...example('news-f-35-sustainment').placeholders.main!.slice(0, 1),
    ]);
    renderPage('/both', { '/both': route });
    await screen.findByRole('heading', { level: 1 });
    const [teaser, , body] = await screen.findAllByRole('button', { name: /^Like/ });
    expect(body!.textContent).toBe('Like (58)');
    teaser!.click(); // the hypersonic article: not the same item
    await waitFor(() => expect(teaser!.textContent).toBe('Liked (43)'));
    expect(body!.textContent).toBe('Like (58)');
    const sustainment = screen.getAllByRole('button', { name: /^Like/ })[1]!;
    sustainment.click();
    await waitFor(() => expect(body!.textContent).toBe('Liked (59)'));
  });

  it('rewrites content images to shell media in edit mode, even when they render after the data arrives', async () => {
    const stop = rewriteMediaImages(document.body);
    try {
      renderPage('/', { '/': example('home') }, { mode: 'edit' });
      const hero = await screen.findByRole('img', { name: 'An aircraft climbing into a clear sky' });
      await waitFor(() => expect(hero.getAttribute('src')).toBe('/sitecore/shell/-/media/images/hero-1280.svg'));
      expect(hero.getAttribute('srcset')).toBe(
        '/sitecore/shell/-/media/images/hero-1280.svg?mw=640 640w, /sitecore/shell/-/media/images/hero-1280.svg 1280w',
      );
      expect(hero.getAttribute('data-original-src')).toBe('/-/media/images/hero-1280.svg');
    } finally {
      stop();
    }
  });
});

// The account page's rendering carries a text meant for signed-in readers only (the contract's fixture).
const GATED_MARKER = 'AD-MEMBERS-7Q4X';

/** A promise the test settles when it chooses. */
function later<T>() {
  let settle!: (value: T) => void;
  const promise = new Promise<T>((resolve) => (settle = resolve));
  return { promise, settle };
}

describe('a route that needs a session, from the gate of its prerendered page', () => {
  const routes = { '/account': example('account') };
  const gate: SessionGate = { heading: 'Your account' };

  it('asks the layout service nothing for a visitor without a session, and sends them to sign in', async () => {
    const session = later<Session | null>();
    const view = renderPage('/account', routes, { gate, session: session.promise });
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Your account');
    expect(screen.getByRole('status').textContent).toBe('Loading…');
    session.settle(null);
    await waitFor(() => expect(view.session.navigations).toHaveLength(1));
    const signIn = new URL(view.session.navigations[0]!, 'https://www.aero.example');
    expect(signIn.pathname).toBe('/api/auth/signin');
    expect(signIn.searchParams.get('error')).toBe('SessionRequired');
    expect(view.requests).toEqual([]);
    expect(document.body.textContent).not.toContain(GATED_MARKER);
  });

  it('asks for the layout once the session is there, then shows the signed-in reader the page', async () => {
    const session = later<Session | null>();
    const view = renderPage('/account', routes, { gate, session: session.promise });
    // The gate is on screen while the session is unknown, and nothing was asked of the layout service.
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Your account');
    expect(view.session.answered).toBe(false);
    expect(view.requests).toEqual([]);
    session.settle({ user: { name: 'Ada Okafor' }, expires: '2030-01-01T00:00:00.000Z' });
    await screen.findByText(new RegExp(GATED_MARKER));
    expect(screen.getByText(/Signed in as/).textContent).toContain('Ada Okafor');
    expect(view.requests.map((url) => url.searchParams.get('item'))).toEqual(['/account']);
    expect(view.session.navigations).toEqual([]);
  });
});

describe('productIdOf (the wildcard product route reads its id from the URL)', () => {
  it.each([
    ['/products/TFK-6AL4V-100', 'TFK-6AL4V-100'],
    ['/products/FASTENER%20KIT/', 'FASTENER KIT'],
    // A broken escape is no product id (tests/site/productPage.test.tsx has the whole rule).
    ['/products/%E0%A4%A', undefined],
  ])('%s → %s', (path, id) => expect(productIdOf(path)).toBe(id));
});
