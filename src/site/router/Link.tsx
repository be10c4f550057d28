import type { AnchorHTMLAttributes, MouseEvent } from 'react';
import { navigate } from './history.ts';

/**
 * An anchor that navigates with the history API for same-origin links, and
 * behaves as a normal link for modified clicks (new tab), other targets and
 * other origins.
 */
export function Link({ href, onClick, target, ...rest }: AnchorHTMLAttributes<HTMLAnchorElement> & { href: string }) {
  const handle = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || event.button !== 0 || target === '_blank') return;
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    if (navigate(href)) event.preventDefault();
  };
  return <a href={href} target={target} onClick={handle} {...rest} />;
}
