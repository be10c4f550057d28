import { afterEach, describe, expect, it } from 'vitest';
import { getPageMode } from '../../src/site/editMode/getPageMode.ts';
import { rewriteMediaUrl } from '../../src/site/editMode/rewriteMediaUrl.ts';
import { rewriteSrcset } from '../../src/site/editMode/rewriteSrcset.ts';
import { rewriteMediaImages } from '../../src/site/editMode/rewriteMediaImages.ts';

afterEach(() => {
  document.body.innerHTML = '';
});

describe('getPageMode', () => {
  it.each([
    ['?sc_mode=edit', 'edit'],
    ['?sc_mode=preview', 'preview'],
    ['?sc_mode=EDIT', 'edit'],
    ['?sc_mode=normal', 'normal'],
    ['?sc_mode=other', 'normal'],
    ['', 'normal'],
    ['?x=1&sc_mode=preview', 'preview'],
  ])('%s → %s', (search, mode) => expect(getPageMode(search)).toBe(mode));
});

describe('rewriteMediaUrl', () => {
  it.each([
    ['/-/media/img/hero.jpg', '/sitecore/shell/-/media/img/hero.jpg'],
    ['/-/jssmedia/img/hero.jpg?h=300&rev=abc', '/sitecore/shell/-/jssmedia/img/hero.jpg?h=300&rev=abc'],
    ['https://cms.example.com/-/media/a.png', 'https://cms.example.com/sitecore/shell/-/media/a.png'],
    ['/-/Media/Upper.png', '/sitecore/shell/-/Media/Upper.png'],
    ['/sitecore/shell/-/media/a.png', '/sitecore/shell/-/media/a.png'],
    ['/images/logo.svg', '/images/logo.svg'],
    ['/~/media/old.png', '/~/media/old.png'],
    ['', ''],
  ])('%s → %s', (from, to) => expect(rewriteMediaUrl(from)).toBe(to));
});

describe('rewriteSrcset', () => {
  it('rewrites every entry and keeps the descriptors', () => {
    expect(rewriteSrcset('/-/media/a-320.jpg 320w, /-/jssmedia/a-640.jpg 640w,/img/b.jpg 2x')).toBe(
      '/sitecore/shell/-/media/a-320.jpg 320w, /sitecore/shell/-/jssmedia/a-640.jpg 640w, /img/b.jpg 2x',
    );
  });
});

describe('rewriteMediaImages', () => {
  it('rewrites src and srcset of images now and later, keeping the originals in data attributes', async () => {
    document.body.innerHTML = `
      <img id="a" src="/-/media/a.jpg" srcset="/-/media/a-1.jpg 1x, /-/media/a-2.jpg 2x" alt="">
      <picture><source id="s" srcset="/-/jssmedia/p.webp 800w"><img id="p" src="/static/p.jpg" alt=""></picture>`;
    const stop = rewriteMediaImages(document.body);
    const a = document.getElementById('a')!;
    expect(a.getAttribute('src')).toBe('/sitecore/shell/-/media/a.jpg');
    expect(a.getAttribute('srcset')).toBe('/sitecore/shell/-/media/a-1.jpg 1x, /sitecore/shell/-/media/a-2.jpg 2x');
    expect(a.getAttribute('data-original-src')).toBe('/-/media/a.jpg');
    expect(a.getAttribute('data-original-srcset')).toBe('/-/media/a-1.jpg 1x, /-/media/a-2.jpg 2x');
    expect(document.getElementById('s')!.getAttribute('srcset')).toBe('/sitecore/shell/-/jssmedia/p.webp 800w');
    expect(document.getElementById('p')!.hasAttribute('data-original-src')).toBe(false);

    const late = document.createElement('div');
    late.innerHTML = '<img id="late" src="/-/media/late.jpg" srcset="/-/media/late-2.jpg 2x" alt="">';
    document.body.appendChild(late);
    a.setAttribute('src', '/-/media/changed.jpg');
    await new Promise((r) => setTimeout(r, 0));
    expect(document.getElementById('late')!.getAttribute('src')).toBe('/sitecore/shell/-/media/late.jpg');
    expect(document.getElementById('late')!.getAttribute('srcset')).toBe('/sitecore/shell/-/media/late-2.jpg 2x');
    expect(a.getAttribute('src')).toBe('/sitecore/shell/-/media/changed.jpg');
    expect(a.getAttribute('data-original-src')).toBe('/-/media/changed.jpg');

    stop();
    const after = document.createElement('img');
    after.setAttribute('src', '/-/media/after.jpg');
    document.body.appendChild(after);
    await new Promise((r) => setTimeout(r, 0));
    expect(after.getAttribute('src')).toBe('/-/media/after.jpg');
  });
});
