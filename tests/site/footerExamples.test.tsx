import { afterEach, describe, expect, it } from 'vitest';
import { Suspense } from 'react';
import { cleanup, render, screen, within } from '@testing-library/react';
import type { ComponentRendering, RouteData } from '../../src/content/index.ts';
import { Placeholder, RouteRenderer } from '../../src/site/content/placeholder.tsx';
import { components } from '../../src/site/content/registry.tsx';
import { CONTENT_SPEC } from '../../scripts/lib/contentMock.mjs';
import { readContract } from '../../scripts/contract/contracts.mjs';

// Every layout answer of the content contract with a route carries the site's footer (its `jss-footer`
// placeholder of link groups), edit-mode answers too: an editor sees and edits the footer in place.

const contract = readContract(CONTENT_SPEC);
const examples = Object.entries(
  contract.components.examples as Record<
    string,
    { value: { sitecore?: { context?: { pageEditing?: boolean; editMode?: string }; route?: RouteData | null } } }
  >,
).filter(([, example]) => example.value.sitecore?.route);

afterEach(cleanup);

const renderings = (placeholder: unknown) =>
  ((placeholder ?? []) as ComponentRendering[]).filter((entry) => 'componentName' in entry);

describe("the content contract's layout examples", () => {
  it.for(examples.map(([name]) => name))('%s has the footer: link groups in its jss-footer placeholder', (name) => {
    const route = examples.find(([n]) => n === name)![1].value.sitecore!.route!;
    const footer = renderings(route.placeholders['jss-footer']);
    expect(footer.map((r) => r.componentName)).toEqual(['LinkGroup', 'LinkGroup', 'LinkGroup']);
  });

  it.for(['home.edit', 'news-f-35-sustainment.edit'])(
    '%s (chromes edit mode) has the footer with its chrome, editable in place',
    async (name) => {
      const route = structuredClone(examples.find(([n]) => n === name)![1].value.sitecore!.route!);
      const footer = route.placeholders['jss-footer'] as { attributes?: Record<string, string> }[];
      // The placeholder's chrome opens and closes it; each rendering has its own.
      expect(footer[0]?.attributes).toMatchObject({ chrometype: 'placeholder', kind: 'open', key: 'jss-footer' });
      expect(footer.at(-1)?.attributes).toMatchObject({
        chrometype: 'placeholder',
        kind: 'close',
        hintname: 'jss-footer',
      });
      const { container } = render(
        <Suspense>
          <RouteRenderer components={components} route={route} mode="edit" url={new URL('https://www.aero.example/')}>
            <footer>
              <Placeholder name="jss-footer" />
            </footer>
          </RouteRenderer>
        </Suspense>,
      );
      await screen.findAllByRole('navigation', {}, { timeout: 10_000 });
      const shown = within(container.querySelector('footer')!);
      expect(shown.getAllByRole('navigation')).toHaveLength(3);
      expect(shown.getAllByRole('link')).toHaveLength(16);
      // Headings and links are editable in place (the platform's editable markup).
      expect(container.querySelectorAll('footer .scWebEditInput').length).toBe(3);
      expect(container.querySelectorAll('footer code[chrometype="field"][kind="open"]').length).toBe(16);
      expect(container.querySelectorAll('footer code[chrometype="rendering"][kind="open"]').length).toBe(3);
    },
  );
});
