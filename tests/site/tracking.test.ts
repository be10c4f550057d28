import { afterEach, describe, expect, it, vi } from 'vitest';
import { classifyLink, trackLinkClicks } from '../../src/site/tracking.tsx';

afterEach(() => {
  document.body.innerHTML = '';
});

function anchor(html: string): HTMLAnchorElement {
  document.body.innerHTML = html;
  return document.body.querySelector('a')!;
}

describe('classifyLink', () => {
  it.each([
    ['<a href="/careers">Jobs</a>', 'careers'],
    ['<a href="/careers/engineering?x=1">Jobs</a>', 'careers'],
    ['<a href="https://careers.example.com/">Jobs</a>', 'careers'],
    ['<a href="/contact" data-track="careers">Talk to recruiting</a>', 'careers'],
    ['<a class="cta" href="/careers">See roles</a>', 'careers'],
    ['<a class="cta" href="/contact">Contact sales</a>', 'cta'],
    ['<a data-track="cta" href="/demo">Book a demo</a>', 'cta'],
    ['<a href="/careersfair">Fair</a>', null],
    ['<a href="/about">About</a>', null],
    ['<a>No href</a>', null],
  ])('%s → %s', (html, kind) => expect(classifyLink(anchor(html))).toBe(kind));
});

describe('trackLinkClicks', () => {
  it('reports CTA and careers clicks with text and absolute destination, including links added later', () => {
    const onClick = vi.fn();
    const stop = trackLinkClicks(onClick);
    document.body.innerHTML = '<a class="cta" href="/contact"><span>Contact   sales</span></a><a href="/about">About</a>';
    document.querySelector('span')!.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    document.querySelectorAll('a')[1]!.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    const late = document.createElement('a');
    late.href = '/careers/graduates';
    late.textContent = 'Graduate roles';
    document.body.appendChild(late);
    late.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    expect(onClick.mock.calls.map((c) => c[0])).toEqual([
      { kind: 'cta', text: 'Contact sales', href: `${location.origin}/contact` },
      { kind: 'careers', text: 'Graduate roles', href: `${location.origin}/careers/graduates` },
    ]);
    stop();
    late.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    expect(onClick).toHaveBeenCalledTimes(2);
  });
});
