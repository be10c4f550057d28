import type { Appearance, Device } from './types.ts';

/**
 * The HTML template of a widget answer for a device, falling back to `pc`
 * (the default device), then to any device. Returns `''` when there is none.
 * The result is untrusted: pass it through `sanitizeHtml`.
 */
export function pickTemplate(appearance: Appearance | undefined, device: Device = 'pc', kind: 'html' | 'css' = 'html'): string {
  const devices = appearance?.templates?.[kind]?.devices;
  if (!devices) return '';
  const chosen = devices[device] ?? devices.pc ?? devices.mobile ?? devices.tablet;
  return typeof chosen?.content === 'string' ? chosen.content : '';
}
