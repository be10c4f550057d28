/**
 * Design tokens of the light theme. The specification names the colours but not
 * their values; these were chosen for contrast (every text colour passes WCAG AA
 * on white) and are mirrored as CSS custom properties in theme.css.
 */
export const colors = {
  /** Body text. */
  text: '#1a1f2b',
  /** Links and the active state. */
  blue: '#0b5cad',
  /** Secondary text and borders (AA on white). */
  gray: '#5b6472',
  white: '#ffffff',
  black: '#000000',
} as const;

/** Layout breakpoints (min-width, px) and the content's maximum width. */
export const breakpoints = {
  tablet: 768,
  large: 992,
  extraLarge: 1200,
  maxWidth: 1440,
} as const;

/** A media query for a breakpoint, e.g. `media('tablet')` → `(min-width: 768px)`. */
export function media(name: Exclude<keyof typeof breakpoints, 'maxWidth'>): string {
  return `(min-width: ${breakpoints[name]}px)`;
}
