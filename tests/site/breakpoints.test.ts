import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { root } from '../../scripts/lib/prism.mjs';
import { deviceBreakpoints } from '../../src/search/index.ts';

// The layout changes where the search layer's device changes: a tablet gets the two-column grids,
// a large screen the header's one row and the hero beside its image, as the device sent with each
// search says. Media queries cannot read a variable, so theme.css spells the widths.
const css = readFileSync(join(root, 'src', 'site', 'theme', 'theme.css'), 'utf8');
const { TABLET_MIN_PX, PC_MIN_PX } = deviceBreakpoints;
// The layout's widest step: only theme.css has it, and no device changes there.
const EXTRA_LARGE_PX = 1200;

/** Each media query's widths, as written: `['min', 768]` for `(min-width: 768px)`. */
function mediaWidths(): [side: string, px: number][] {
  const preludes = [...css.matchAll(/@media([^{]*)\{/g)].map((match) => match[1]!);
  expect(preludes.length).toBeGreaterThan(0);
  return preludes.flatMap((prelude) => {
    // A width in another form (em, range syntax) would go unchecked: it fails here instead.
    expect(prelude.replace(/\((min|max)-width:\s*[\d.]+px\)/g, ''), `@media${prelude}`).not.toMatch(/\d/);
    return [...prelude.matchAll(/\((min|max)-width:\s*([\d.]+)px\)/g)].map(
      ([, side, px]) => [side!, Number(px)] as [string, number],
    );
  });
}

describe("theme.css switches layout at the search layer's device breakpoints", () => {
  it('starts a wider layout only at the tablet or large breakpoint (or the extra-large step)', () => {
    for (const [side, px] of mediaWidths())
      if (side === 'min') expect([TABLET_MIN_PX, PC_MIN_PX, EXTRA_LARGE_PX], `min-width: ${px}px`).toContain(px);
  });

  it('ends a narrower layout just below the tablet or large breakpoint', () => {
    for (const [side, px] of mediaWidths())
      if (side === 'max') expect([TABLET_MIN_PX - 0.02, PC_MIN_PX - 0.02], `max-width: ${px}px`).toContain(px);
  });
});
