import { describe, expect, it } from 'vitest';
import { render } from '@testing-library/react';
import { RichText } from '../../src/site/content/richText.tsx';
import { sanitizeHtml } from '../../src/search/index.ts';

describe('rich text cannot clobber the page', () => {
  it.each(['site-state', 'OptanonWrapper'])('an element of content with id or name %j takes neither', (name) => {
    const own = document.createElement('script');
    own.id = name;
    document.body.append(own);
    const html = `<p id="${name}">a</p><a name="${name}" href="#x">b</a><img name="${name}" src="/x.png" alt="">`;
    render(<RichText fields={{ text: { value: html } }} params={{}} rendering={{ componentName: 'RichText', uid: 'u' }} route={{ name: 'n', placeholders: {}, fields: {} } as never} />);
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
