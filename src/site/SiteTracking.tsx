import { useEffect } from 'react';
import type { EngageSdk } from '../engagement/index.ts';
import { trackLinkClicks } from './tracking/trackLinkClicks.ts';

/** Event types the site sends for tracked link clicks. */
export const LINK_EVENT = { cta: 'CTA_CLICK', careers: 'CAREERS_CLICK' } as const;

/**
 * Analytics of a consented visit (mounted only while the events SDK runs): a
 * page view per route, and an event per call-to-action or careers link click
 * with the link's text and destination.
 */
export function SiteTracking({ sdk, page }: { sdk: EngageSdk; page: string }) {
  useEffect(() => {
    try {
      void sdk.pageView({ channel: 'WEB', currency: 'GBP' });
    } catch (error) {
      console.error(error);
    }
  }, [sdk, page]);
  useEffect(
    () =>
      trackLinkClicks(({ kind, text, href }) => {
        try {
          void sdk.event(LINK_EVENT[kind], { channel: 'WEB', currency: 'GBP' }, { linkText: text, linkUrl: href });
        } catch (error) {
          console.error(error);
        }
      }),
    [sdk],
  );
  return null;
}
