import type { TrackEventInput } from '../createTracker.ts';
import { useWidgetsContext } from './WidgetsProvider.tsx';

/** The provider's `trackEvent`: validates and sends an event, only with consent (see `trackingEvents` for builders). */
export function useTrackEvent(): (input: TrackEventInput) => Promise<boolean> {
  return useWidgetsContext().client.trackEvent;
}
