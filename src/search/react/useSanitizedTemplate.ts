import { useMemo, useSyncExternalStore } from 'react';
import { pickTemplate } from '../pickTemplate.ts';
import { sanitizeHtml } from '../sanitizeHtml.ts';
import type { Appearance, Device } from '../types.ts';
import { useWidgetsContext } from './WidgetsProvider.tsx';

/** The widget's HTML template for the context's device, sanitized; `''` when there is none. */
export function useSanitizedTemplate(appearance: Appearance | undefined): string {
  const { client } = useWidgetsContext();
  const context = useSyncExternalStore(client.context.subscribe, client.context.get, client.context.get);
  const device: Device = context.browser?.device ?? 'pc';
  return useMemo(() => sanitizeHtml(pickTemplate(appearance, device)), [appearance, device]);
}
