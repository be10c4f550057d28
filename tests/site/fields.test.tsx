import { describe, expect, it } from 'vitest';
import { render } from '@testing-library/react';
import { ContentImage, ContentLink } from '../../src/site/content/rendering.tsx';

describe('content fields pass the link guard', () => {
  it.each(['javascript:alert(1)', 'data:image/svg+xml,<svg onload=alert(1)>', '//evil.example/x.png'])(
    'an image field with src %j renders nothing',
    (src) => {
      const { container } = render(<ContentImage field={{ value: { src, width: 10, height: 10 } }} />);
      expect(container.querySelector('img')).toBeNull();
    },
  );

  it('an image on the site or a media host keeps its src', () => {
    const { container } = render(
      <ContentImage field={{ value: { src: '/-/media/hero.jpg', width: 10, height: 10 } }} />,
    );
    expect(container.querySelector('img')!.getAttribute('src')).toBe('/-/media/hero.jpg');
  });

  it.each(['vbscript:msgbox(1)', '/\\evil.example', '\\\\evil.example'])('a link field to %j renders "#"', (href) => {
    const { container } = render(<ContentLink field={{ value: { href, text: 'go' } }} />);
    expect(container.querySelector('a')!.getAttribute('href')).toBe('#');
  });
});
