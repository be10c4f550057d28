import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { loadBanners, type BannerState } from './banners.ts';
import type { OneconnectClient } from './client.ts';
import {
  useGetSegmentBanners as useGetSegmentBannersRaw,
  useGetSegmentCookies as useGetSegmentCookiesRaw,
  useGetUserBannerEvents as useGetUserBannerEventsRaw,
} from '../../generated/oneconnect/hooks/banners/banners.ts';

const ClientContext = createContext<OneconnectClient | null>(null);

/** Makes a banners API client available to the hooks below it. */
export function OneconnectProvider({ client, children }: { client: OneconnectClient; children: ReactNode }) {
  return <ClientContext.Provider value={client}>{children}</ClientContext.Provider>;
}

/** The client of the nearest {@link OneconnectProvider}; throws with the fix when there is none. */
export function useOneconnectClient(): OneconnectClient {
  const client = useContext(ClientContext);
  if (!client) throw new Error('No OneconnectProvider found: wrap your app in <OneconnectProvider client={…}>');
  return client;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- generic over every generated hook signature.
type AnyHook = (...args: any[]) => any;

/**
 * Binds a generated hook to the provider's transport: the bound hook takes the same
 * arguments and puts the transport into the `request` option (kept alongside any other
 * per-call request fields). Generated hooks take `(…params, options?, queryClient?)`, so
 * the options are always the second-to-last declared parameter.
 */
function bindHook<H extends AnyHook>(hook: H): H {
  const optionsIndex = Math.max(0, hook.length - 2);
  const useBound = (...args: unknown[]) => {
    const client = useOneconnectClient().transport;
    const next = [...args];
    const options = (next[optionsIndex] ?? {}) as { request?: Record<string, unknown> };
    next[optionsIndex] = { ...options, request: { ...options.request, client } };
    return hook(...next);
  };
  return useBound as H;
}

/** Generated hook for `getSegmentCookies`, bound to the provider's client. */
export const useGetSegmentCookies = bindHook(useGetSegmentCookiesRaw);
/** Generated hook for `getSegmentBanners`, bound to the provider's client. */
export const useGetSegmentBanners = bindHook(useGetSegmentBannersRaw);
/** Generated hook for `getUserBannerEvents`, bound to the provider's client. */
export const useGetUserBannerEvents = bindHook(useGetUserBannerEventsRaw);

/** The banner state plus what a reader can do with it. */
export interface BannersValue extends BannerState {
  /** True until the first load settles. */
  isLoading: boolean;
  /** Hides a banner for the rest of this visit. */
  dismiss: (bannerId: string) => void;
}

const BannersContext = createContext<BannersValue | null>(null);

const VisitorConsentContext = createContext(false);

/**
 * Tells the banner flows below whether the visitor consented to being recognised (the site: analytics
 * consent, group C0002, from its consent platform): only then do they read the visitor's segment
 * cookie and user id (see `loadBanners`' `visitor`). Without this provider they never do.
 */
export function BannerConsentProvider({ visitor, children }: { visitor: boolean; children: ReactNode }) {
  return <VisitorConsentContext.Provider value={visitor}>{children}</VisitorConsentContext.Provider>;
}

/** Props of {@link BannerProvider}. */
export interface BannerProviderProps {
  /** Load banners only when true (the site enables it on the targeted layout). Defaults to true. */
  enabled?: boolean;
  /**
   * Whether the visitor consented to being recognised: their segment cookie, user id and close
   * events go into the flow. Defaults to the nearest {@link BannerConsentProvider}'s, else false.
   */
  visitor?: boolean;
  /** The language to ask for the banners in (the page's, e.g. `de`). Defaults to the service's default, English. */
  language?: string;
  children: ReactNode;
}

/**
 * Runs the banner flow once per visit, language (banners asked for in `language`) and consent, and
 * shares `{ banners, userId }` with its subtree: general banners and no userId until the visitor
 * consents, theirs once they do, and general ones again once they withdraw.
 */
export function BannerProvider({ enabled = true, language, visitor: given, children }: BannerProviderProps) {
  const client = useOneconnectClient();
  const consented = useContext(VisitorConsentContext);
  const visitor = given ?? consented;
  const queryClient = useQueryClient();
  const baseUrl = client.transport.baseUrl;
  const query = useQuery({
    // The language is part of the answer: a switch to German asks again, in German. So is consent.
    queryKey: ['oneconnect', 'activeBanners', baseUrl, language ?? '', visitor ? 'visitor' : 'general'],
    queryFn: ({ signal }) => loadBanners(client, { signal, language, visitor }),
    enabled,
    // The visitor's answer (their user id) is never shown in place of a general one being loaded.
    placeholderData: visitor ? keepPreviousData : undefined,
  });
  // Once consent is withdrawn nothing of the visitor's is kept, in memory either.
  useEffect(() => {
    if (visitor) return;
    const queryKey = ['oneconnect', 'activeBanners', baseUrl];
    queryClient.removeQueries({ queryKey, predicate: (q) => q.queryKey.at(-1) === 'visitor' });
  }, [visitor, queryClient, baseUrl]);
  const [dismissed, setDismissed] = useState<ReadonlySet<string>>(new Set());
  const dismiss = useCallback((id: string) => setDismissed((prev) => new Set(prev).add(id)), []);
  const value = useMemo<BannersValue>(() => {
    const state = (enabled && query.data) || { banners: [], userId: '' };
    return {
      banners: state.banners.filter((b) => !dismissed.has(b.id)),
      userId: state.userId,
      isLoading: enabled && query.isPending,
      dismiss,
    };
  }, [enabled, query.data, query.isPending, dismissed, dismiss]);
  return <BannersContext.Provider value={value}>{children}</BannersContext.Provider>;
}

/** The nearest {@link BannerProvider}'s banners, userId and `dismiss`. */
export function useBanners(): BannersValue {
  const value = useContext(BannersContext);
  if (!value) throw new Error('No BannerProvider found: wrap your page in <BannerProvider>');
  return value;
}
