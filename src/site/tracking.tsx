import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import type { PageMode } from '../content/index.ts';
import type { EngageSdk, EngageSettings } from '../engagement/index.ts';
import { EngagementProvider } from '../engagement/react.tsx';
import { BannerConsentProvider } from '../oneconnect/react.tsx';
// The framework-free parts only, straight from their modules: neither the events SDK nor the
// search layer loads before consent, and forgetting a visitor needs neither.
import { forgetVisitor as forgetEngagementVisitor, type ForgetSettings } from '../engagement/traces.ts';
import { forgetVisitor as forgetSearchVisitor } from '../search/visitorStorage.ts';
import { type AnalyticsConsent, useConsent } from './consent.ts';
import { type SiteClients, useSiteClients } from './siteClients.tsx';
import { absolute, siteConfig } from './siteConfig.ts';

// Tracking, after consent only: the consent platform gates the events SDK and the search layer's
// tracking; which clicks are calls to action or careers links, sent as events in the click itself
// (keepalive); and forgetting the visitor wherever the site tracks them once consent is absent.

/**
 * The events SDK settings the site starts the SDK with (after consent): the environment's client
 * key, target URL and web personalization script host, and the settings that never vary
 * (point of sale `ngc`, UTM parameters included, web personalization on).
 */
export function engagementSettings(): EngageSettings {
  return {
    clientKey: siteConfig.engagementClientKey,
    targetURL: absolute(siteConfig.engagementTargetUrl),
    pointOfSale: siteConfig.pointOfSale,
    includeUTMParameters: siteConfig.includeUtmParameters,
    // Web personalization on, its script from the configured base URL.
    webPersonalization: { baseURLOverride: absolute(siteConfig.webPersonalizationUrl) },
  };
}

const AnalyticsContext = createContext(false);

/**
 * Consent gates analytics and personalization (group C0002): loads the consent platform (not in edit
 * mode, where editors get no consent banner) and runs the events SDK only while C0002 is granted;
 * editors in edit or preview mode are never tracked. The targeted banners recognise the visitor
 * (their segment cookie and user id) only while C0002 is granted too, and show general banners
 * otherwise (`BannerConsentProvider`). Whenever consent is absent the visitor is forgotten
 * ({@link useForgetWithoutConsent}). Place it inside the site's clients.
 */
export function AnalyticsProvider({ mode, children }: { mode: PageMode; children: ReactNode }) {
  const consent = useConsent({
    load: mode !== 'edit',
    src: siteConfig.consentScriptUrl,
    domainScript: siteConfig.consentDomainScript,
  });
  const analytics = consent === 'granted' && mode === 'normal';
  const [settings] = useState(engagementSettings);
  useForgetWithoutConsent(consent, settings, useSiteClients());
  return (
    <EngagementProvider settings={settings} enabled={analytics}>
      <AnalyticsContext.Provider value={analytics}>
        <BannerConsentProvider visitor={consent === 'granted'}>{children}</BannerConsentProvider>
      </AnalyticsContext.Provider>
    </EngagementProvider>
  );
}

/**
 * Whether tracking runs now (C0002 granted, on a visitor's page), as the search widgets send it.
 * False outside {@link AnalyticsProvider}.
 */
export function useAnalytics(): boolean {
  return useContext(AnalyticsContext);
}

/** What a tracked link click is. */
type LinkKind = 'cta' | 'careers';

/**
 * Decides whether a link is tracked, and as what. The events contract does not
 * say how links are recognised; our rule, documented in the README:
 * - careers: `data-track="careers"`, or a destination whose path is `/careers`
 *   or below it, or whose host starts with `careers.`;
 * - call to action: `data-track="cta"` or the `cta` class;
 * - careers wins when both apply (a "See open roles" CTA is a careers click).
 * Anything else is not tracked (`null`).
 */
export function classifyLink(anchor: HTMLAnchorElement, base: string = anchor.ownerDocument.baseURI): LinkKind | null {
  const explicit = anchor.dataset.track;
  if (explicit === 'careers' || isCareersUrl(anchor.getAttribute('href'), base)) return 'careers';
  if (explicit === 'cta' || anchor.classList.contains('cta')) return 'cta';
  return null;
}

function isCareersUrl(href: string | null, base: string): boolean {
  if (!href) return false;
  try {
    const url = new URL(href, base);
    return /^\/careers(\/|$)/i.test(url.pathname) || /^careers\./i.test(url.hostname);
  } catch {
    return false;
  }
}

/** A tracked link click: what kind, the link's visible text and its absolute destination. */
interface LinkClick {
  kind: LinkKind;
  text: string;
  href: string;
}

/**
 * Listens for clicks on call-to-action and careers links anywhere under `root`
 * (one delegated listener, so links rendered later count too) and reports each
 * to `onClick`. Returns the function that stops listening.
 */
export function trackLinkClicks(
  onClick: (click: LinkClick) => void,
  root: Document | HTMLElement = document,
): () => void {
  const listener = (event: Event) => {
    const target = event.target instanceof Element ? event.target : null;
    const anchor = target?.closest('a');
    if (!anchor) return;
    const kind = classifyLink(anchor);
    if (!kind) return;
    const text = (anchor.textContent ?? '').replace(/\s+/g, ' ').trim() || anchor.getAttribute('aria-label') || '';
    onClick({ kind, text, href: anchor.href });
  };
  root.addEventListener('click', listener, { capture: true });
  return () => root.removeEventListener('click', listener, { capture: true });
}

/** Event types the site sends for tracked link clicks. */
const LINK_EVENT = { cta: 'CTA_CLICK', careers: 'CAREERS_CLICK' } as const;

/**
 * Analytics of a consented visit (mounted only while the events SDK runs): a
 * page view per route, and an event per call-to-action or careers link click
 * with the link's text and destination, each in the page's `language` (the
 * events' `language`, `de` → `DE`; defaults to the document's, as the SDK infers it).
 */
export function SiteTracking({ sdk, page, language }: { sdk: EngageSdk; page: string; language?: string }) {
  // The SDK's format: the language subtag in capitals, as it infers it from `<html lang>`.
  const eventLanguage = language ? { language: language.split('-')[0]!.toUpperCase() } : {};
  const languageKey = eventLanguage.language;
  useEffect(() => {
    try {
      void sdk.pageView({ channel: 'WEB', currency: 'GBP', ...(languageKey ? { language: languageKey } : {}) });
    } catch (error) {
      console.error(error);
    }
  }, [sdk, page, languageKey]);
  useEffect(
    () =>
      trackLinkClicks(({ kind, text, href }) => {
        try {
          void sdk.event(
            LINK_EVENT[kind],
            { channel: 'WEB', currency: 'GBP', ...(languageKey ? { language: languageKey } : {}) },
            { linkText: text, linkUrl: href },
          );
        } catch (error) {
          console.error(error);
        }
      }),
    [sdk, languageKey],
  );
  return null;
}

/**
 * Forgets the visitor wherever the site tracks them each time the consent platform says
 * analytics consent (C0002) is absent: when the visitor withdraws it, and on a page load
 * without it (so identifiers an earlier page or another tab left behind go too). The
 * events SDK's browser id cookie, queued events and web personalization go
 * (`forgetVisitor` of the events SDK; the provider has stopped the SDK by then); the page's
 * search client, when one was created, goes on with a new id in memory, and the stored
 * search visitor is deleted whether or not a client was. Nothing happens while consent is
 * `unknown` (the platform has not answered yet) or `granted`. Granting again starts a
 * new visitor everywhere. `engagement` is compared by identity: pass a stable object.
 */
export function useForgetWithoutConsent(
  consent: AnalyticsConsent,
  engagement: ForgetSettings,
  clients: Pick<SiteClients, 'search'>,
): void {
  useEffect(() => {
    if (consent !== 'denied') return;
    forgetEngagementVisitor(engagement);
    clients.search?.setTrackingConsent(false);
    forgetSearchVisitor();
  }, [consent, engagement, clients]);
}
