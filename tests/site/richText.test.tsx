import { beforeAll, describe, expect, it } from 'vitest';
import { render } from '@testing-library/react';
import { RichText } from '../../src/site/content/richText.tsx';
import { sanitizeHtml } from '../../src/search/index.ts';
import { SanitizedRichText } from '../../src/site/content/sanitizerParts.ts';

// Rich text the browser received itself is sanitized in the browser: the page loads the sanitizer
// before it shows it (preloadPage), as here.
beforeAll(() => SanitizedRichText.preload());

describe('rich text cannot clobber the page', () => {
  it.each(['site-state', 'OptanonWrapper'])('an element of content with id or name %j takes neither', (name) => {
    const own = document.createElement('script');
    own.id = name;
    document.body.append(own);
    const html = `<p id="${name}">a</p><a name="${name}" href="#x">b</a><img name="${name}" src="/x.png" alt="">`;
    render(
      <RichText
        fields={{ text: { value: html } }}
        params={{}}
        rendering={{ componentName: 'RichText', uid: 'u' }}
        route={{ name: 'n', placeholders: {}, fields: {} } as never}
      />,
    );
    expect(document.getElementById(name)).toBe(own);
    expect(document.getElementsByName(name)).toHaveLength(0);
    expect((window as unknown as Record<string, unknown>)[name]).not.toBeInstanceOf(HTMLImageElement);
    expect(document.querySelectorAll(`#user-content-${name}`)).toHaveLength(1);
    own.remove();
  });

  it('keeps the rest of the markup', () => {
    expect(sanitizeHtml('<h2 id="specs">Specs</h2>')).toBe('<h2 id="user-content-specs">Specs</h2>');
  });
});

describe('rich text on a page that enforces Trusted Types', () => {
  it('reaches innerHTML only as TrustedHTML made by the sanitizing policy', () => {
    // A stand-in for the browser's trustedTypes whose innerHTML sink refuses plain strings, as an enforcing page does.
    class FakeTrustedHTML {
      constructor(readonly html: string) {}
      toString() {
        return this.html;
      }
    }
    const policies: string[] = [];
    (window as unknown as { trustedTypes: unknown }).trustedTypes = {
      // As the browser's: a policy has every conversion, each throwing where its rule is missing.
      createPolicy: (
        name: string,
        rules: { createHTML?(input: string): string; createScriptURL?(input: string): string },
      ) => {
        policies.push(name);
        const missing = () => {
          throw new TypeError(`Policy ${name}'s rule is missing`);
        };
        return {
          createHTML: (input: string) => new FakeTrustedHTML((rules.createHTML ?? missing)(input)),
          createScriptURL: (input: string) => (rules.createScriptURL ?? missing)(input),
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
      const { container } = render(
        <RichText
          fields={{ text: { value: '<p>Radar<img src=x onerror=alert(1)></p>' } }}
          params={{}}
          rendering={{ componentName: 'RichText', uid: 'u' }}
          route={{ name: 'n', placeholders: {}, fields: {} } as never}
        />,
      );
      expect(container.querySelector('.rich-text')!.innerHTML).toBe('<p>Radar<img src="x"></p>');
      // The sanitizing policy, and the one DOMPurify parses with (both the site's own, listed in its CSP).
      expect(policies.sort()).toEqual(['dompurify', 'sanitized-html']);
    } finally {
      Object.defineProperty(Element.prototype, 'innerHTML', descriptor);
      delete (window as unknown as { trustedTypes?: unknown }).trustedTypes;
    }
  });
});
