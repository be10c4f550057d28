import { rewriteMediaUrl } from './rewriteMediaUrl.ts';

/**
 * Rewrites every entry of a `srcset` (`"<url> <descriptor>, …"`) with
 * {@link rewriteMediaUrl}, keeping each descriptor and the entry order.
 */
export function rewriteSrcset(srcset: string): string {
  return srcset
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '')
    .map((entry) => {
      const [url = '', ...descriptor] = entry.split(/\s+/);
      return [rewriteMediaUrl(url), ...descriptor].join(' ');
    })
    .join(', ');
}
