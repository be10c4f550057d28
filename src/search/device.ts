// The device of the browser context, from the viewport width. A module of its own, with no
// runtime imports, so that the site reads the breakpoints without bringing in the rest of the layer.
import type { Device } from './types.ts';

/**
 * Viewport widths where the device changes, the site's breakpoints (tablet 768px, large 992px):
 * below 768 px `mobile`, from 768 px `tablet`, from 992 px `pc`. Their one definition: the site's
 * image `sizes` read them from here, and theme.css's media queries (which cannot read a variable)
 * spell them, checked by tests/site/breakpoints.test.ts.
 */
export const deviceBreakpoints = Object.freeze({ TABLET_MIN_PX: 768, PC_MIN_PX: 992 });

/** The device type for a viewport `width` in CSS pixels (see {@link deviceBreakpoints}). */
export function deviceForWidth(width: number): Device {
  if (width >= deviceBreakpoints.PC_MIN_PX) return 'pc';
  return width >= deviceBreakpoints.TABLET_MIN_PX ? 'tablet' : 'mobile';
}
