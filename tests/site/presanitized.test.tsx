// @vitest-environment jsdom
// (A fresh environment of its own, vitest.config.ts: whether the sanitizer's module was asked for is per module graph.)
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import type { RouteData } from '../../src/content/index.ts';
import { RichText } from '../../src/site/content/richText.tsx';
import { SanitizedRichText } from '../../src/site/content/sanitizerParts.ts';
import { formatLongDate, trustPreformatted } from '../../src/site/longDate.ts';
import type { PrerenderedState } from '../../src/site/prerenderState.ts';
import { trustPresanitized } from '../../src/site/presanitized.ts';

// A prerendered page's rich text was sanitized by the build: the browser shows it as the page's data
// carries it and loads no sanitizer for it. Anything else still goes through the sanitizer.
// (Its own file: whether the sanitizer's module was asked for is per test file.)

const CLEAN =
  '<p id="user-content-specs">Radar <a href="/radar" target="_blank" rel="noopener noreferrer">specs</a></p>';

/** A prerendered page's state whose one RichText rendering the build sanitized. */
function prerendered(): { state: PrerenderedState; fields: Record<string, unknown> } {
  const fields = { text: { value: CLEAN } };
  const route = {
    name: 'radar',
    fields: {},
    placeholders: { main: [{ uid: 'r1', componentName: 'RichText', fields }] },
  } as unknown as RouteData;
  const state: PrerenderedState = {
    url: '/radar',
    notFound: false,
    queries: {
      mutations: [],
      queries: [
        {
          queryKey: ['layout'],
          queryHash: '["layout"]',
          dehydratedAt: 0,
          state: { data: { sitecore: { context: {}, route } } } as never,
        },
      ],
    },
    sanitized: [[0, 'sitecore', 'route', 'placeholders', 'main', 0, 'fields', 'text']],
  };
  return { state, fields };
}

const renderRichText = (fields: Record<string, unknown>) =>
  render(
    <RichText
      fields={fields as never}
      params={{}}
      rendering={{ componentName: 'RichText', uid: 'r1' }}
      route={{ name: 'n', placeholders: {}, fields: {} } as never}
    />,
  );

afterEach(cleanup);

describe("a prerendered page's rich text", () => {
  it('shows the HTML the build sanitized as it is, and never loads the sanitizer', () => {
    const { state, fields } = prerendered();
    trustPresanitized(state);
    const { container } = renderRichText(fields);
    expect(container.querySelector('.rich-text')!.innerHTML).toBe(CLEAN);
    expect(SanitizedRichText.requested()).toBe(false);
  });

  it('reaches innerHTML as TrustedHTML of a policy that passes only the HTML the build sanitized', () => {
    const { state, fields } = prerendered();
    trustPresanitized(state);
    const made: Array<[string, string]> = [];
    let rule: ((input: string) => string) | undefined;
    (window as unknown as { trustedTypes: unknown }).trustedTypes = {
      createPolicy: (name: string, rules: { createHTML(input: string): string }) => {
        rule = rules.createHTML;
        return {
          createHTML: (input: string) => {
            made.push([name, input]);
            return { toString: () => rules.createHTML(input) };
          },
        };
      },
    };
    const descriptor = Object.getOwnPropertyDescriptor(Element.prototype, 'innerHTML')!;
    Object.defineProperty(Element.prototype, 'innerHTML', {
      configurable: true,
      get: descriptor.get,
      set(value: unknown) {
        if (typeof value === 'string' && value !== '')
          throw new TypeError("This document requires 'TrustedHTML' assignment.");
        descriptor.set!.call(this, String(value));
      },
    });
    try {
      const { container } = renderRichText(fields);
      expect(container.querySelector('.rich-text')!.innerHTML).toBe(CLEAN);
      expect(made).toEqual([['presanitized-html', CLEAN]]);
      // The policy is no way around the sanitizer for any other HTML.
      expect(rule!('<img src=x onerror=alert(1)>')).toBe('');
    } finally {
      Object.defineProperty(Element.prototype, 'innerHTML', descriptor);
      delete (window as unknown as { trustedTypes?: unknown }).trustedTypes;
    }
  });

  it('is the only rich text trusted: the same field from the layout service goes through the sanitizer', async () => {
    const { state } = prerendered();
    trustPresanitized(state);
    // Another answer (a client-side navigation), whatever it holds, is sanitized in the browser.
    renderRichText({ text: { value: '<p>Radar<img src=x onerror=alert(1)></p>' } });
    const paragraph = await screen.findByText('Radar');
    expect(paragraph.parentElement!.innerHTML).toBe('<p>Radar<img src="x"></p>');
    expect(SanitizedRichText.requested()).toBe(true);
  });
});

describe("a prerendered page's dates", () => {
  it('shows the dates the build formatted as they are, and formats any other once, in UTC', () => {
    const format = vi.spyOn(Date.prototype, 'toLocaleDateString');
    const reported: Array<[string, string]> = [];
    const report = (key: string, text: string) => void reported.push([key, text]);
    // What the build does: formats, and reports each date for the page's data.
    expect(formatLongDate('2025-03-12T23:30:00Z', 'en-GB', report)).toBe('12 March 2025');
    expect(reported).toEqual([['en-GB 2025-03-12T23:30:00Z', '12 March 2025']]);
    expect(formatLongDate('not a date', 'en-GB')).toBe('not a date');
    expect(format).toHaveBeenCalledOnce();

    // What the browser does with the page's data: shows the build's text, without formatting it.
    trustPreformatted({
      url: '/news/x',
      notFound: false,
      queries: { mutations: [], queries: [] },
      dates: { 'de-DE 2025-03-12T23:30:00Z': '12. März 2025' },
    });
    format.mockClear();
    expect(formatLongDate('2025-03-12T23:30:00Z', 'de-DE', report)).toBe('12. März 2025');
    expect(format).not.toHaveBeenCalled();
    // Another date, or the same in another language (a client-side navigation), is formatted.
    expect(formatLongDate('2025-03-12T23:30:00Z', 'fr-FR')).toBe('12 mars 2025');
    expect(format).toHaveBeenCalledOnce();
    format.mockRestore();
  });
});
