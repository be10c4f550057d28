import fc from 'fast-check';
import { Suspense } from 'react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, render, waitFor } from '@testing-library/react';
import type { PageMode, RouteData } from '../../src/content/index.ts';
import { ContentDate, ContentNumber, ContentText } from '../../src/site/content/fields.tsx';
import { Placeholder, RouteRenderer } from '../../src/site/content/placeholder.tsx';
import type { ContentComponentProps } from '../../src/site/content/renderingContext.ts';
import { ChromeElement, EditableMarkup } from '../../src/site/content/sanitizerParts.ts';

// The second line behind editing.test.tsx's examples, over any mix of entries, fields and modes: the
// editor's markup (chrome entries, a field's editable markup) reaches an editor in edit mode, and
// nobody else; an empty field is there for an editor to fill. The editing markup's code is loaded
// ahead, so whatever a mode renders is on the page at once (nothing hides behind a fallback).

beforeAll(async () => {
  await Promise.all([ChromeElement.preload(), EditableMarkup.preload()]);
});
afterEach(cleanup);

const MODES: PageMode[] = ['normal', 'preview', 'edit'];
const URL_ = new URL('https://www.aero.example/');

function Promo({ fields }: ContentComponentProps) {
  return <ContentText tag="h2" field={fields.heading} />;
}

const chrome = fc
  .record({
    chrometype: fc.constantFrom('placeholder', 'rendering'),
    kind: fc.constantFrom('open', 'close'),
    hintname: fc.stringMatching(/^[A-Za-z]{1,8}$/),
  })
  .map((attributes) => ({
    name: 'code',
    type: 'text/sitecore',
    contents: '{"displayName":"x"}',
    attributes: { type: 'text/sitecore', class: 'scpm', ...attributes },
  }));
const rendering = fc
  .stringMatching(/^[A-Za-z][A-Za-z ]{0,11}$/)
  .map((heading) => ({ componentName: 'Promo', fields: { heading: { value: heading } } }));

function renderIn(mode: PageMode, placeholders: Record<string, unknown>, ui = <Placeholder name="main" />) {
  const route = { name: 'home', fields: {}, placeholders } as unknown as RouteData;
  return render(
    <RouteRenderer components={{ Promo }} route={route} mode={mode} url={URL_}>
      <Suspense fallback={<p>loading</p>}>{ui}</Suspense>
    </RouteRenderer>,
  ).container;
}

describe('chrome entries, for any placeholder and mode', () => {
  it('render in edit mode only, each where it was sent; the renderings render in every mode, in order', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...MODES),
        fc.array(fc.oneof(chrome, rendering), { minLength: 1, maxLength: 8 }),
        async (mode, entries) => {
          cleanup();
          const root = renderIn(mode, { main: entries });
          const chromes = entries.filter((e) => 'name' in e).length;
          const headings = entries.flatMap((e) => ('fields' in e ? [e.fields.heading.value] : []));
          await waitFor(() => expect(root.querySelector('p')).toBeNull());
          expect([...root.querySelectorAll('h2')].map((h) => h.textContent)).toEqual(headings);
          expect(root.querySelectorAll('code[chrometype]')).toHaveLength(mode === 'edit' ? chromes : 0);
        },
      ),
      { numRuns: 40 },
    );
  });
});

const editableOf = (id: string, shown: string) =>
  `<input id='${id}' class='scFieldValue' type='hidden' value="" /><span id="${id}_edit" contenteditable="true" class="scWebEditInput" scDefaultText="[No text in field]">${shown}</span>`;

describe('a field, empty or not, with or without its editable markup, in any mode', () => {
  it('shows an editor in edit mode its editable markup (an empty one too, to fill), and everyone else its value or nothing', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...MODES),
        fc.constantFrom('text', 'date', 'number'),
        fc.boolean(),
        fc.boolean(),
        async (mode, kind, empty, withMarkup) => {
          cleanup();
          const value = empty ? '' : { text: 'Orbit', date: '2025-06-01T00:00:00Z', number: '42' }[kind];
          const field = {
            value: kind === 'number' && !empty ? 42 : value,
            ...(withMarkup ? { editable: editableOf('fld_1', empty ? '[No text in field]' : String(value)) } : {}),
          };
          const ui = {
            text: <ContentText tag="p" field={field} />,
            date: <ContentDate tag="p" field={field} />,
            number: <ContentNumber tag="p" field={field} />,
          }[kind];
          const root = renderIn(mode, {}, ui);
          await waitFor(() => expect(root.textContent).not.toBe('loading'));
          const editable = root.querySelector('[contenteditable="true"]');
          if (mode === 'edit' && withMarkup) {
            expect(editable?.textContent).toBe(empty ? '[No text in field]' : String(value));
            expect(editable?.closest('p')).not.toBeNull();
          } else {
            expect(editable).toBeNull();
            expect(root.querySelector('p') !== null).toBe(!empty);
          }
        },
      ),
      { numRuns: 60 },
    );
  });
});
