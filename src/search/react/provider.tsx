// The provider that makes the widget layer available, and widget(), which tells a
// component's hooks which widget they serve.
import {
  createContext,
  useContext,
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type ComponentType,
  type ReactNode,
} from 'react';
import { QueryClient, QueryClientContext } from '@tanstack/react-query';
import { stableStringify } from '../batcher.ts';
import { createSearchClient, type SearchClient, type SearchConfig } from '../client.ts';
import { SearchError, searchMessages } from '../errors.ts';
import { WidgetActionType } from '../events.ts';
import type { SearchContext } from '../types.ts';
import { isWidgetType, type WidgetType } from '../widgetRequest.ts';

/** What the widget hooks read from the nearest {@link WidgetsProvider}. */
export interface WidgetsContextValue {
  client: SearchClient;
  queryClient: QueryClient;
  suspense: boolean;
}

const WidgetsContext = createContext<WidgetsContextValue | null>(null);

/** Props of {@link WidgetsProvider}: a ready client, or the configuration to create one (read once, on first render). */
export interface WidgetsProviderProps extends SearchConfig {
  /** A client from `createSearchClient`; when given, the configuration props are ignored. Defaults to one created from the props. */
  client?: SearchClient;
  /** The React Query client. Defaults to the surrounding QueryClientProvider's, else one of the provider's own. */
  queryClient?: QueryClient;
  /** Read widget data through Suspense (stale time 1000 ms). Defaults to false. */
  suspense?: boolean;
  /** Tracking consent; may change at any time (wire it to consent group C0002). Defaults to true. */
  trackingConsent?: boolean;
  /** Context parts to send (page, locale…); a change refetches the widgets after 50 ms. Defaults to none. */
  context?: SearchContext;
  children?: ReactNode;
}

/**
 * Makes the widget layer available to the widgets below it. The client (and its
 * batcher) is created once per provider, never per render, so a page never asks
 * for its widgets twice. It does not replace the app's QueryClientProvider.
 */
export function WidgetsProvider(props: WidgetsProviderProps) {
  const { client: given, queryClient: givenQueryClient, suspense = false, context, children, ...config } = props;
  const [client] = useState(() => given ?? createSearchClient({ ...config, context }));
  const ambient = useContext(QueryClientContext);
  const [own] = useState(() => (givenQueryClient || ambient ? undefined : new QueryClient()));
  const queryClient = (givenQueryClient ?? ambient ?? own) as QueryClient;
  const consent = props.trackingConsent;
  useEffect(() => {
    if (consent !== undefined) client.setTrackingConsent(consent);
  }, [client, consent]);
  const contextJson = context ? stableStringify(context) : undefined;
  const started = useRef(false);
  // In a layout effect, not during render: a given client may already serve other widgets (the
  // header's), whose components re-render on a context change. The first time it is committed at
  // once, before the widgets below send their first batch (from their effects, which run after this).
  useLayoutEffect(() => {
    if (!contextJson) return;
    client.context.update(JSON.parse(contextJson) as SearchContext);
    if (!started.current && given) client.context.flush();
    started.current = true;
  }, [client, contextJson, given]);
  const value = useMemo(() => ({ client, queryClient, suspense }), [client, queryClient, suspense]);
  return <WidgetsContext.Provider value={value}>{children}</WidgetsContext.Provider>;
}

/** The nearest {@link WidgetsProvider}'s client, query client and mode; throws with the fix when there is none. */
export function useWidgetsContext(): WidgetsContextValue {
  const value = useContext(WidgetsContext);
  if (!value) throw new SearchError('NO_PROVIDER', searchMessages.noProvider);
  return value;
}

/** The nearest {@link WidgetsProvider}'s search client (context, events, tracking). */
export function useSearchClient(): SearchClient {
  return useWidgetsContext().client;
}

/** The widget a component renders, as {@link widget} provides it. */
export interface WidgetIdentity {
  rfkId: string;
  type: WidgetType;
  entity: string;
  instanceId: string;
}

/** Props every wrapped widget takes. */
export interface WidgetProps {
  /** The widget's id in the service, e.g. `rfkid_7`. */
  rfkId: string;
  /** Distinguishes instances of the same widget. Defaults to a per-instance id. */
  instanceId?: string;
}

const WidgetContext = createContext<WidgetIdentity | null>(null);
const WRAPPED = Symbol.for('aero-site.search.widget');

/**
 * Makes `Component` a widget of `type` for `entity` (e.g. `content`): it gets the
 * `rfkId` prop, its hooks (`useSearchResults`, …) know which widget they serve, and
 * it reports `core/LOAD` on mount and `core/UNLOAD` on unmount. Throws
 * `Invalid widget type: "{type}"` for an unknown type and
 * `Seems you are trying to wrap an already wrapped Widget component (entity: {entity})`
 * for a component that is already a widget. `entity` defaults to `content`.
 */
export function widget<P extends object>(
  Component: ComponentType<P>,
  type: WidgetType,
  entity = 'content',
): ComponentType<P & WidgetProps> {
  if (!isWidgetType(type)) throw new SearchError('INVALID_WIDGET_TYPE', searchMessages.invalidWidgetType(String(type)));
  if ((Component as unknown as Record<symbol, unknown>)[WRAPPED])
    throw new SearchError('ALREADY_WRAPPED', searchMessages.alreadyWrapped(entity));
  function Widget(props: P & WidgetProps) {
    const { rfkId, instanceId, ...rest } = props;
    if (typeof rfkId !== 'string' || rfkId.trim() === '')
      throw new SearchError('MISSING_RFK_ID', searchMessages.trackRfkIdEmpty);
    const generated = useId();
    const { client } = useWidgetsContext();
    const identity = useMemo(
      () => ({ rfkId, type, entity, instanceId: instanceId ?? generated }),
      [rfkId, instanceId, generated],
    );
    useEffect(() => {
      const meta = { rfkId: identity.rfkId, entity, widgetType: type, instanceId: identity.instanceId };
      client.events.dispatch({ type: WidgetActionType.LOAD, ...meta });
      return () => client.events.dispatch({ type: WidgetActionType.UNLOAD, ...meta });
    }, [client, identity]);
    return (
      <WidgetContext.Provider value={identity}>
        <Component {...(rest as P)} />
      </WidgetContext.Provider>
    );
  }
  Widget.displayName = `widget(${Component.displayName ?? Component.name ?? 'Component'})`;
  Object.defineProperty(Widget, WRAPPED, { value: { type, entity } });
  return Widget;
}

/** The widget the calling component serves; throws with the fix outside {@link widget}. */
export function useWidget(): WidgetIdentity {
  const identity = useContext(WidgetContext);
  if (!identity) throw new SearchError('NO_WIDGET', searchMessages.noWidget);
  return identity;
}
