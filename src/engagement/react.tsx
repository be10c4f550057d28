import { createContext, useContext, useEffect, useEffectEvent, useMemo, useState, type ReactNode } from 'react';
import { useQuery, type UseQueryOptions, type UseQueryResult } from '@tanstack/react-query';
import type { EngageSdk, EngageSettings, PageViewData, PersonalizeData, PersonalizeResponse } from './types.ts';

const NO_PROVIDER = 'No EngagementProvider found: wrap your app in <EngagementProvider settings={…} enabled={consent}>';
const EngagementContext = createContext<{ sdk: EngageSdk | null } | null>(null);

/** Props of {@link EngagementProvider}. */
export interface EngagementProviderProps {
  /** The SDK settings (compared by value, so an inline object does not restart the SDK). */
  settings: EngageSettings;
  /** Consent: the SDK starts only while this is true, and stops sending when it turns false. Defaults to false. */
  enabled?: boolean;
  /** Called when `init` fails (a coded settings error). Defaults to `console.error`. */
  onError?: (error: unknown) => void;
  children: ReactNode;
}

/**
 * Starts the events SDK once consent is given (`enabled`) and shares it with the hooks
 * below. Nothing is initialised, and no cookie or request is made, while `enabled` is
 * false. When it turns false the SDK is stopped: its in-flight requests are aborted,
 * later sends resolve to `null` without a request, and the hooks see `null`.
 */
export function EngagementProvider({ settings, enabled = false, onError, children }: EngagementProviderProps) {
  const [sdk, setSdk] = useState<EngageSdk | null>(null);
  const key = JSON.stringify(settings);
  // A callback prop: a new identity each render must not restart the SDK.
  const reportError = useEffectEvent((error: unknown) => (onError ?? console.error)(error));
  useEffect(() => {
    if (!enabled) return undefined;
    const stop = new AbortController();
    // The SDK itself loads only once consent is given: no byte of it before then.
    import('./sdk.ts')
      .then(({ init }) => init(JSON.parse(key) as EngageSettings, { signal: stop.signal }))
      .then(
        (started) => {
          if (!stop.signal.aborted) setSdk(started);
        },
        (error: unknown) => {
          if (!stop.signal.aborted) reportError(error);
        },
      );
    return () => {
      stop.abort();
      setSdk(null);
    };
  }, [enabled, key]);
  const value = useMemo(() => ({ sdk }), [sdk]);
  return <EngagementContext.Provider value={value}>{children}</EngagementContext.Provider>;
}

/** The started SDK of the nearest {@link EngagementProvider}, or `null` until consent and init. */
export function useEngagement(): EngageSdk | null {
  const value = useContext(EngagementContext);
  if (!value) throw new Error(NO_PROVIDER);
  return value.sdk;
}

/** The event methods of {@link useEngagementEvents}. */
export type EngagementEvents = Pick<EngageSdk, 'event' | 'pageView' | 'identity' | 'form'>;

/**
 * Stable functions to send events through the provider's SDK. While the SDK is not
 * started (no consent yet, or withdrawn) they send nothing and resolve to `null`;
 * once started they behave as the SDK's own methods (coded validation errors throw).
 */
export function useEngagementEvents(): EngagementEvents {
  const sdk = useEngagement();
  return useMemo<EngagementEvents>(
    () => ({
      event: (...args) => (sdk ? sdk.event(...args) : Promise.resolve(null)),
      pageView: (...args) => (sdk ? sdk.pageView(...args) : Promise.resolve(null)),
      identity: (...args) => (sdk ? sdk.identity(...args) : Promise.resolve(null)),
      form: (...args) => (sdk ? sdk.form(...args) : Promise.resolve(null)),
    }),
    [sdk],
  );
}

/**
 * Sends one VIEW event when the SDK starts and again whenever `eventData` or
 * `extensionData` change by value (e.g. on a route change). A validation error is
 * reported to `console.error` rather than thrown during render.
 */
export function usePageView(eventData: PageViewData, extensionData?: Record<string, unknown>): void {
  const sdk = useEngagement();
  const key = JSON.stringify([eventData, extensionData ?? null]);
  useEffect(() => {
    if (!sdk) return;
    const [data, ext] = JSON.parse(key) as [PageViewData, Record<string, unknown> | null];
    try {
      void sdk.pageView(data, ext ?? undefined);
    } catch (error) {
      console.error(error);
    }
  }, [sdk, key]);
}

/** Options of {@link usePersonalize}: the call's timeout plus React Query options. */
export type UsePersonalizeOptions = Omit<
  UseQueryOptions<PersonalizeResponse | null>,
  'queryKey' | 'queryFn' | 'enabled'
> & {
  /** Passed to `personalize(data, timeout)`; `IE-0003` when it expires. Defaults to none. */
  timeout?: number;
  /** Set false to hold the query even once the SDK has started. Defaults to true. */
  enabled?: boolean;
};

/**
 * Reads a personalization (call flow) result with React Query. The query waits
 * (`pending`, not fetching) until the SDK has started; it is keyed by the data and
 * timeout, so a new `friendlyId` or `params` fetches again.
 */
export function usePersonalize(
  data: PersonalizeData,
  options: UsePersonalizeOptions = {},
): UseQueryResult<PersonalizeResponse | null> {
  const sdk = useEngagement();
  const { timeout, enabled = true, ...query } = options;
  return useQuery({
    retry: false,
    ...query,
    queryKey: ['engagement', 'personalize', data, timeout ?? null],
    queryFn: () => (sdk as EngageSdk).personalize(data, timeout),
    enabled: sdk !== null && enabled,
  });
}
