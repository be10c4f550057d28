// The one data path of every widget hook (useWidgetData: React Query over the
// client's batcher) and the small hooks every widget shares: appear, item click,
// page context, tracking.
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { keepPreviousData, useQuery, useSuspenseQuery, type QueryKey } from '@tanstack/react-query';
import { stableStringify } from '../batcher.ts';
import { searchConstants } from '../config.ts';
import type { ContextStore } from '../context.ts';
import { searchMessages } from '../errors.ts';
import { WidgetActionType } from '../events.ts';
import { trackingEvents, type TrackEventInput } from '../tracking.ts';
import type { ContentItem, SearchContext, Widget, WidgetItem, WidgetOfType } from '../types.ts';
import type { WidgetType } from '../widgetRequest.ts';
import { useWidget, useWidgetsContext, type WidgetIdentity } from './provider.tsx';

/** The state of a widget's data, as the reference SDK's `queryResult`. */
export interface WidgetQueryResult<W> {
  /** The widget's answer (the previous one while a new request runs). */
  data: W | undefined;
  /** No data yet and a request running. */
  isLoading: boolean;
  /** A request running, also in the background. */
  isFetching: boolean;
  isError: boolean;
  isSuccess: boolean;
  /** Why the last request failed; never a cancellation. */
  error: Error | null;
  /** Asks the service again (the failure message's retry). */
  refetch: () => Promise<unknown>;
}

/** What every widget hook returns besides its own state and actions. */
export interface WidgetDataResult<W> {
  /** Attach to the widget's root element: the widget reports `core/WIDGET_APPEAR` and a view event once 20% of it is in view. */
  widgetRef: (node: Element | null) => void;
  queryResult: WidgetQueryResult<W>;
  /** The widget this hook serves. */
  widget: WidgetIdentity;
}

/**
 * Fetches the calling widget's data for `item` through the client's batcher, keyed
 * by widget, context and request: the first request leaves with those of the other
 * widgets mounted in the same commit, as the commit's effects end; a request change
 * refetches at once and a context change once the context commits (50 ms), both
 * leaving in the batcher's 250 ms window; the previous data stays while the new request runs; a request the widget
 * no longer needs is canceled and never shows as an error. The query options are
 * set per query, so they hold whatever the query client's own defaults are: cache
 * 5 min, no retry, no refetch on focus or remount, previous data kept; with Suspense
 * a stale time of 1000 ms. `options.enabled` defaults to true.
 */
export function useWidgetData<T extends WidgetType>(
  item: WidgetItem,
  options: { enabled?: boolean } = {},
): WidgetDataResult<WidgetOfType<T>> {
  const { client } = useWidgetsContext();
  const widget = useWidget();
  const context = useSyncExternalStore(client.context.subscribe, client.context.get, client.context.get);
  const itemJson = stableStringify(item);
  const contextJson = stableStringify(context);
  const queryKey = useMemo(
    () => ['search', widget.rfkId, widget.entity, contextJson, itemJson] as const,
    [widget.rfkId, widget.entity, contextJson, itemJson],
  );
  // React Query's signal is the one cancellation: it aborts a fetch no query needs any
  // more (a new key, the last observer gone as in StrictMode's remount, cancelQueries).
  // The batcher key names this widget instance and this request (never a per-fetch
  // counter), so the batcher's latest-wins rule holds, and a fetch that another widget
  // sharing this query started is never canceled behind React Query's back.
  const queryFn = ({ signal }: { signal: AbortSignal }) =>
    client.requestWidget({
      item: JSON.parse(itemJson) as WidgetItem,
      instanceId: widget.instanceId,
      widgetType: widget.type,
      key: `${widget.rfkId}@${widget.instanceId}@${widget.entity}#${contextJson}#${itemJson}`,
      context,
      signal,
    });
  // The widgets of one commit leave in one batch, whatever the CPU's speed: each holds the batcher
  // from a layout effect (a commit runs all its layout effects before any passive one) and releases
  // it from a passive effect declared after the query's, whose subscription has queued the request
  // by then; the commit's last release sends the batch. The debounce is for later changes.
  const mountHold = useRef<(() => void) | undefined>(undefined);
  useLayoutEffect(() => {
    const release = client.holdBatch();
    mountHold.current = release;
    return release;
  }, [client]);
  const query = useWidgetQuery(queryKey as unknown as QueryKey, queryFn, options.enabled ?? true);
  useEffect(() => mountHold.current?.(), [client]);
  const data = query.data as WidgetOfType<T> | undefined;
  const widgetRef = useViewReport(widget, data);
  const queryResult: WidgetQueryResult<WidgetOfType<T>> = {
    data,
    isLoading: query.isLoading,
    isFetching: query.isFetching,
    isError: query.isError,
    isSuccess: query.isSuccess,
    error: query.error,
    refetch: query.refetch,
  };
  return { widgetRef, queryResult, widget };
}

/** React Query with the layer's defaults; Suspense when the provider asks for it. */
function useWidgetQuery(
  queryKey: QueryKey,
  queryFn: (context: { signal: AbortSignal }) => Promise<Widget>,
  enabled: boolean,
) {
  const { queryClient, suspense } = useWidgetsContext();
  const common = {
    queryKey,
    queryFn,
    gcTime: searchConstants.CACHE_TIME_MS,
    retry: false,
    refetchOnWindowFocus: false,
    refetchOnMount: false,
  } as const;
  // The provider's mode never changes during its life, so the hook order stays stable.
  /* eslint-disable react-hooks/rules-of-hooks -- one branch per provider for its whole life (see above). */
  return suspense
    ? useSuspenseQuery({ ...common, staleTime: searchConstants.SUSPENSE_STALE_TIME_MS }, queryClient)
    : useQuery({ ...common, placeholderData: keepPreviousData, enabled }, queryClient);
  /* eslint-enable react-hooks/rules-of-hooks */
}

/** Reports appear at once, and the view event (with the items shown) once data is there too. */
function useViewReport(widget: WidgetIdentity, data: Widget | undefined) {
  const { client } = useWidgetsContext();
  const [appeared, setAppeared] = useState(false);
  const reported = useRef(false);
  const widgetRef = useAppear(() => {
    setAppeared(true);
    client.events.dispatch({
      type: WidgetActionType.APPEAR,
      rfkId: widget.rfkId,
      entity: widget.entity,
      widgetType: widget.type,
      instanceId: widget.instanceId,
    });
  });
  useEffect(() => {
    if (!appeared || !data || reported.current) return;
    reported.current = true;
    void client.trackEvent(trackingEvents.widgetView(widget, itemsOf(data)));
  }, [appeared, data, client, widget]);
  return widgetRef;
}

/** The items a widget answer lists (none for HTML blocks, SEO and Q&A). */
export function itemsOf(data: Widget | undefined): ContentItem[] {
  return data && 'content' in data && Array.isArray(data.content) ? data.content : [];
}

/**
 * A callback ref that calls `onAppear` once, the first time at least `threshold`
 * of the element is in view (IntersectionObserver). Does nothing where
 * IntersectionObserver does not exist. `threshold` defaults to 0.2.
 */
export function useAppear(
  onAppear: () => void,
  threshold: number = searchConstants.VISIBILITY_THRESHOLD,
): (node: Element | null) => void {
  const callback = useRef(onAppear);
  const fired = useRef(false);
  const observer = useRef<IntersectionObserver | undefined>(undefined);
  useEffect(() => {
    callback.current = onAppear;
  });
  useEffect(() => () => observer.current?.disconnect(), []);
  return useCallback(
    (node: Element | null) => {
      observer.current?.disconnect();
      observer.current = undefined;
      if (!node || fired.current || typeof IntersectionObserver === 'undefined') return;
      const io = new IntersectionObserver(
        (entries) => {
          // Browsers report a ratio a hair under the threshold at the crossing itself.
          if (fired.current || !entries.some((e) => e.isIntersecting && e.intersectionRatio >= threshold - 0.001))
            return;
          fired.current = true;
          io.disconnect();
          callback.current();
        },
        { threshold },
      );
      io.observe(node);
      observer.current = io;
    },
    [threshold],
  );
}

/** Payload of an item click. */
export interface ItemClickPayload {
  /** The clicked item's id. */
  id: string;
  /** Its 0-based position in the widget. */
  index: number;
}

/**
 * An `onItemClick({ id, index })` that reports `actionType` on the event bus and
 * sends the widget click event. An invalid payload is skipped with the reference
 * warning (`trackEvent :::`, …).
 */
export function useItemClick(
  widget: WidgetIdentity,
  actionType: string,
  data: Widget | undefined,
): (payload: ItemClickPayload) => void {
  const { client } = useWidgetsContext();
  const latest = useRef(data);
  useEffect(() => {
    latest.current = data;
  }, [data]);
  return useCallback(
    (payload: ItemClickPayload) => {
      if (typeof payload?.id !== 'string' || payload.id === '')
        return client.logger.warn(searchMessages.trackPrefix, searchMessages.trackEntityFieldMissing);
      if (!Number.isInteger(payload.index) || payload.index < 0)
        return client.logger.warn(searchMessages.trackPrefix, searchMessages.trackIndexMissing);
      client.events.dispatch({
        type: actionType,
        rfkId: widget.rfkId,
        entity: widget.entity,
        widgetType: widget.type,
        instanceId: widget.instanceId,
        payload,
      });
      const shown = itemsOf(latest.current)[payload.index];
      const item = shown?.id === payload.id ? shown : { id: payload.id };
      void client.trackEvent(trackingEvents.widgetItemClick(widget, payload.index, item));
    },
    [client, widget, actionType],
  );
}

/**
 * The committed request context and the store that changes it
 * (`update`, `setPage`, `setCommerce`); widgets refetch 50 ms after a change.
 */
export function usePageContext(): { context: SearchContext; store: ContextStore } {
  const { client } = useWidgetsContext();
  const context = useSyncExternalStore(client.context.subscribe, client.context.get, client.context.get);
  return { context, store: client.context };
}

/** The provider's `trackEvent`: validates and sends an event, only with consent (see `trackingEvents` for builders). */
export function useTrackEvent(): (input: TrackEventInput) => Promise<boolean> {
  return useWidgetsContext().client.trackEvent;
}
