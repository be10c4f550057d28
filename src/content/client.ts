import createClient, { type Client, defaultPathSerializer } from 'openapi-fetch';
import { isApiError } from '../core/errors.ts';
import { assertNoDotSegments } from '../core/pathSegments.ts';
import { createTransport, type Transport } from '../core/transport.ts';
import type { components, paths } from '../../generated/content/schema.d.ts';

type Schemas = components['schemas'];
/** The request context of a layout answer: page state, language, site. */
export type LayoutContext = Schemas['LayoutContext'];
/** One route (page): its fields, layout id and placeholders. */
export type RouteData = Schemas['RouteData'];
/** A rendering placed in a route's placeholder. */
export type ComponentRendering = Schemas['ComponentRendering'];
/** A rendering inside a container rendering's placeholder. */
export type NestedComponentRendering = Schemas['NestedComponentRendering'];
/** An editor-only HTML element entry of a placeholder (edit mode). */
export type HtmlElementRendering = Schemas['HtmlElementRendering'];
/** Any field of a route or rendering: a value, an item or a list of items. */
export type Field = Schemas['Field'];
/** Field name → field. */
export type FieldMap = Schemas['FieldMap'];
/** The UI strings of one language. */
export type DictionaryData = Schemas['DictionaryServiceData'];
/** The deployment's route listing. */
export type RouteList = Schemas['RouteList'];
/** Who is looking: visitors (`normal`) or editors (`edit`, `preview`). */
export type PageMode = NonNullable<
  NonNullable<paths['/sitecore/api/layout/render/jss']['get']['parameters']['query']>['sc_mode']
>;

/** A layout answer: the route, or `route: null` when no item exists at the path (the not-found page). */
export interface LayoutResult {
  sitecore: { context: LayoutContext; route: RouteData | null };
}

/** Options of {@link createContentClient}. */
export interface ContentOptions {
  /** Where the content delivery host serves `/sitecore/api/…`, e.g. `https://cd.aero.example` or `/content-api`. */
  baseUrl: string;
  /** The deployment's public delivery key (`sc_apikey`, a GUID). */
  apiKey: string;
  /** The site name (`sc_site`) when one host serves several sites. Defaults to none (the host's site). */
  site?: string;
  /** The content language (`sc_lang`). Defaults to `'en'`. */
  language?: string;
  /** The fetch to send with. Defaults to the global `fetch`. */
  fetch?: typeof fetch;
  /** Abort a call, body included, after this many ms. Defaults to 10000. */
  timeoutMs?: number;
}

/** Per-call options of {@link ContentClient.getRoute}. */
export interface GetRouteOptions {
  /** `edit` or `preview` when an editor is looking. Defaults to `'normal'` (sent as no `sc_mode`). */
  mode?: PageMode;
  /** Overrides the client's language for this call. Defaults to the client's. */
  language?: string;
  /** Cancels the call. Defaults to none. */
  signal?: AbortSignal;
}

/** The content platform client: layout, dictionary and route listing over the core transport. */
export interface ContentClient {
  /** Sends every call: base URL, timeout, `ApiError` for a non-2xx answer. */
  transport: Transport;
  /** Typed raw client over the same transport. */
  api: Client<paths>;
  /** The site name sent as `sc_site` (`undefined` when none). */
  site: string | undefined;
  /** The language sent as `sc_lang`. */
  language: string;
  /**
   * The layout answer of the route at `item` (a path starting with `/`). An unknown item
   * resolves to `{ sitecore: { context, route: null } }`, not a throw; any other failure throws
   * (`ApiError` for an answer, the fetch error otherwise).
   */
  getRoute(item: string, options?: GetRouteOptions): Promise<LayoutResult>;
  /** The phrases of `appName` in `language`. */
  getDictionary(appName: string, language: string, options?: { signal?: AbortSignal }): Promise<DictionaryData>;
  /**
   * The deployment's routes in `language` (what a static build prerenders). `language` defaults to
   * the client's. With `limit`, a service that pages the list answers at most that many, and a
   * `nextCursor` to pass as `cursor` for the next page (none on the last).
   */
  listRoutes(options?: {
    language?: string;
    cursor?: string;
    limit?: number;
    signal?: AbortSignal;
  }): Promise<RouteList>;
}

const isLayoutResult = (body: unknown): body is LayoutResult =>
  typeof body === 'object' && body !== null && typeof (body as { sitecore?: unknown }).sitecore === 'object';

function requireText(value: unknown, field: string, rule: string, where = 'createContentClient'): string {
  if (typeof value !== 'string' || value.trim() === '') throw new TypeError(`${where}: ${field} ${rule}`);
  return value;
}

/**
 * Creates the content platform client. `baseUrl` and `apiKey` are required; the key travels as
 * the `sc_apikey` query parameter, as the platform defines it (it is a public delivery key).
 */
export function createContentClient(options: ContentOptions): ContentClient {
  if (typeof options?.baseUrl !== 'string') {
    throw new TypeError(
      'createContentClient: baseUrl is required (the content host, e.g. "https://cd.example.com"; "" for the page\'s origin)',
    );
  }
  const apiKey = requireText(options.apiKey, 'apiKey', "is required (the deployment's sc_apikey)");
  const language = options.language ?? 'en';
  const site = options.site;
  const transport = createTransport({
    baseUrl: options.baseUrl,
    timeoutMs: options.timeoutMs ?? 10_000,
    fetch: options.fetch,
    describeError: (body) => ({ message: (body as { message?: string } | null)?.message }),
  });
  const api = createClient<paths>({
    baseUrl: absoluteBase(transport.baseUrl),
    pathSerializer: (path, params) => assertNoDotSegments(defaultPathSerializer(path, params)),
    fetch: (request) => transport(request),
  });
  const common = () => ({ sc_apikey: apiKey, ...(site ? { sc_site: site } : {}) });

  return {
    transport,
    api,
    site,
    language,
    async getRoute(item, { mode, language: lang, signal } = {}) {
      if (typeof item !== 'string' || !item.startsWith('/')) {
        throw new TypeError(`getRoute: item must be a path starting with "/" (got ${JSON.stringify(item)})`);
      }
      const query = {
        item,
        ...common(),
        sc_lang: lang ?? language,
        ...(mode && mode !== 'normal' ? { sc_mode: mode } : {}),
      };
      try {
        const { data } = await api.GET('/sitecore/api/layout/render/jss', { params: { query }, signal });
        return data as LayoutResult;
      } catch (error) {
        // The platform's "no such item" is an answer the site renders (its not-found page).
        if (isApiError(error) && error.status === 404 && isLayoutResult(error.body)) return error.body;
        throw error;
      }
    },
    async getDictionary(appName, lang, { signal } = {}) {
      const path = {
        appName: requireText(appName, 'appName', 'is required (e.g. "aero")', 'getDictionary'),
        language: requireText(lang, 'language', 'is required (e.g. "en")', 'getDictionary'),
      };
      const { data } = await api.GET('/sitecore/api/jss/dictionary/{appName}/{language}', {
        params: { path, query: { sc_apikey: apiKey } },
        signal,
      });
      return data as DictionaryData;
    },
    async listRoutes({ language: lang, cursor, limit, signal } = {}) {
      const page = { ...(cursor !== undefined ? { cursor } : {}), ...(limit !== undefined ? { limit } : {}) };
      const { data } = await api.GET('/sitecore/api/jss/routes', {
        params: { query: { ...common(), sc_lang: lang ?? language, ...page } },
        signal,
      });
      return data as RouteList;
    },
  };
}

// openapi-fetch builds a Request, which needs an absolute URL outside a browser page.
function absoluteBase(baseUrl: string): string {
  if (/^[a-z][a-z0-9+.-]*:/i.test(baseUrl) || typeof location === 'undefined') return baseUrl;
  return new URL(baseUrl || '/', location.origin).href.replace(/\/$/, '');
}
