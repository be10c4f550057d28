import { afterEach, describe, expect, it, vi } from 'vitest';
import { getPageMode, rewriteMediaImages, rewriteMediaUrl, rewriteSrcset } from '../../src/site/editMode.ts';

afterEach(() => {
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
  history.replaceState(null, '', '/');
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

  it("reads the page's own query string when given none", () => {
    history.replaceState(null, '', '/about?sc_mode=Preview');
    expect(getPageMode()).toBe('preview');
  });

  it('is normal where there is no location (a server render)', () => {
    vi.stubGlobal('location', undefined);
    expect(getPageMode()).toBe('normal');
  });
});

describe('rewriteMediaUrl', () => {
  it.each([
    ['/-/media/img/hero.jpg', '/sitecore/shell/-/media/img/hero.jpg'],
    ['/-/jssmedia/img/hero.jpg?h=300&rev=abc', '/sitecore/shell/-/jssmedia/img/hero.jpg?h=300&rev=abc'],
    ['https://cms.example.com/-/media/a.png', 'https://cms.example.com/sitecore/shell/-/media/a.png'],
    ['/-/Media/Upper.png', '/sitecore/shell/-/Media/Upper.png'],
    ['/sitecore/shell/-/media/a.png', '/sitecore/shell/-/media/a.png'],
    ['/Sitecore/Shell/-/media/a.png', '/Sitecore/Shell/-/media/a.png'],
    ['https://cms.example.com/sitecore/shell/-/media/a.png', 'https://cms.example.com/sitecore/shell/-/media/a.png'],
    [
      'https://cms.example.com/SITECORE/SHELL/-/jssmedia/a.png?w=1',
      'https://cms.example.com/SITECORE/SHELL/-/jssmedia/a.png?w=1',
    ],
    ['/images/logo.svg', '/images/logo.svg'],
    ['/~/media/old.png', '/~/media/old.png'],
    ['', ''],
  ])('%s → %s', (from, to) => expect(rewriteMediaUrl(from)).toBe(to));
});

describe('rewriteSrcset', () => {
  const shell = (path: string) => `/sitecore/shell${path}`;

  it('rewrites every media entry and keeps the descriptors, commas and spacing as written', () => {
    expect(rewriteSrcset('/-/media/a-320.jpg 320w, /-/jssmedia/a-640.jpg 640w,/img/b.jpg 2x')).toBe(
      '/sitecore/shell/-/media/a-320.jpg 320w, /sitecore/shell/-/jssmedia/a-640.jpg 640w,/img/b.jpg 2x',
    );
  });

  it.each([
    ['commas inside a media URL', '/-/media/a.jpg?crop=0,0,10,10 1x', `${shell('/-/media/a.jpg?crop=0,0,10,10')} 1x`],
    [
      'commas inside several media URLs',
      '/-/media/a.jpg?crop=0,0,10,10 1x, /-/jssmedia/b.jpg?crop=5,5&w=2 2x',
      `${shell('/-/media/a.jpg?crop=0,0,10,10')} 1x, ${shell('/-/jssmedia/b.jpg?crop=5,5&w=2')} 2x`,
    ],
    [
      'width, height and density descriptors',
      '/-/media/a.jpg 300w 100h, /-/media/b.jpg 1.5x',
      `${shell('/-/media/a.jpg')} 300w 100h, ${shell('/-/media/b.jpg')} 1.5x`,
    ],
    // Parentheses in a descriptor hold commas that do not end the candidate.
    [
      'a descriptor with parentheses',
      '/-/media/a.jpg future(1, 2) 1x, /-/media/b.jpg 2x',
      `${shell('/-/media/a.jpg')} future(1, 2) 1x, ${shell('/-/media/b.jpg')} 2x`,
    ],
    // What is inside a descriptor's parentheses is no URL, whatever it looks like, and stays as written.
    [
      'a media path inside a descriptor',
      '/-/media/a.jpg future(1, /-/media/x.jpg) 1x, /-/media/b.jpg 2x',
      `${shell('/-/media/a.jpg')} future(1, /-/media/x.jpg) 1x, ${shell('/-/media/b.jpg')} 2x`,
    ],
    [
      'candidates without descriptors, ended by their commas',
      '/-/media/a.jpg, /-/media/b.jpg,',
      `${shell('/-/media/a.jpg')}, ${shell('/-/media/b.jpg')},`,
    ],
    // Without whitespace a comma does not end a URL: browsers read one URL here, and so do we.
    ['one URL holding a comma and no whitespace', '/-/media/a.jpg,/img/b.jpg', `${shell('/-/media/a.jpg')},/img/b.jpg`],
    [
      'tabs, newlines and runs of spaces',
      '\n  /-/media/a.jpg\t1x,\n\t/-/media/b.jpg   2x  ',
      `\n  ${shell('/-/media/a.jpg')}\t1x,\n\t${shell('/-/media/b.jpg')}   2x  `,
    ],
    ['a lone URL', ' /-/media/a.jpg ', ` ${shell('/-/media/a.jpg')} `],
    [
      'media and other candidates mixed',
      '/img/a.jpg?crop=0,0 1x, /-/media/b.jpg 2x,/static/c.jpg 3x',
      `/img/a.jpg?crop=0,0 1x, ${shell('/-/media/b.jpg')} 2x,/static/c.jpg 3x`,
    ],
    [
      'a data: URL beside a media URL',
      'data:image/gif;base64,R0lGODlhAQABAAAAACw= 1x, /-/media/b.jpg 2x',
      `data:image/gif;base64,R0lGODlhAQABAAAAACw= 1x, ${shell('/-/media/b.jpg')} 2x`,
    ],
    [
      'an absolute media URL',
      'https://cms.example.com/-/media/a.jpg?w=1,2 640w',
      `https://cms.example.com${shell('/-/media/a.jpg?w=1,2')} 640w`,
    ],
  ])('%s', (_, srcset, expected) => expect(rewriteSrcset(srcset)).toBe(expected));

  it.each([
    ['/img/a.jpg?crop=0,0,10,10 1x'],
    ['/img/a.jpg?crop=0,0,10,10 1x,/img/b.jpg   2x , '],
    ['\t/img/a.jpg  300w,\n/img/b.jpg 600w'],
    ['data:image/gif;base64,R0lGODlhAQABAAAAACw= 1x'],
    ['/img/a.jpg future(1, 2) 1x'],
    ['/img/a.jpg future(1, /-/media/x.jpg) 1x'],
    [',, /img/a.jpg,'],
    [''],
    ['/sitecore/shell/-/media/a.jpg 1x, /sitecore/shell/-/media/b.jpg?c=1,2 2x'],
  ])('leaves %j exactly as it was', (srcset) => expect(rewriteSrcset(srcset)).toBe(srcset));
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
    // A MutationObserver's callback is a microtask queued by the mutation: it has run once this await resumes.
    await Promise.resolve();
    expect(document.getElementById('late')!.getAttribute('src')).toBe('/sitecore/shell/-/media/late.jpg');
    expect(document.getElementById('late')!.getAttribute('srcset')).toBe('/sitecore/shell/-/media/late-2.jpg 2x');
    expect(a.getAttribute('src')).toBe('/sitecore/shell/-/media/changed.jpg');
    expect(a.getAttribute('data-original-src')).toBe('/-/media/changed.jpg');

    stop();
    const after = document.createElement('img');
    after.setAttribute('src', '/-/media/after.jpg');
    document.body.appendChild(after);
    await Promise.resolve();
    expect(after.getAttribute('src')).toBe('/-/media/after.jpg');
  });
});

describe('rewriteMediaImages leaves images without media URLs alone', () => {
  it('keeps a non-media srcset byte for byte, with no data attributes, and tags only what changed', () => {
    const plain = '/img/a.jpg?crop=0,0,10,10 1x,/img/b.jpg   2x';
    document.body.innerHTML = `
      <img id="plain" src="/img/a.jpg" srcset="${plain}" alt="">
      <img id="mixed" src="/img/m.jpg" srcset="/img/m.jpg?crop=0,0 1x, /-/media/m-2.jpg?crop=1,1 2x" alt="">`;
    const stop = rewriteMediaImages(document.body);
    const el = document.getElementById('plain')!;
    expect(el.getAttribute('srcset')).toBe(plain);
    expect(el.getAttributeNames()).toEqual(['id', 'src', 'srcset', 'alt']);
    const mixed = document.getElementById('mixed')!;
    expect(mixed.getAttribute('srcset')).toBe('/img/m.jpg?crop=0,0 1x, /sitecore/shell/-/media/m-2.jpg?crop=1,1 2x');
    expect(mixed.getAttribute('data-original-srcset')).toBe('/img/m.jpg?crop=0,0 1x, /-/media/m-2.jpg?crop=1,1 2x');
    expect(mixed.hasAttribute('data-original-src')).toBe(false);
    stop();
  });
});

describe('rewriteMediaImages, later changes', () => {
  it('rewrites the images of the whole body when given no root', () => {
    document.body.innerHTML = '<main><img id="a" src="/-/media/a.jpg" alt=""></main>';
    const stop = rewriteMediaImages();
    expect(document.getElementById('a')!.getAttribute('src')).toBe('/sitecore/shell/-/media/a.jpg');
    stop();
  });

  it('rewrites an image added on its own, beside text, and a srcset changed later', async () => {
    document.body.innerHTML = '<main><img id="a" src="/img/a.jpg" alt=""></main>';
    const stop = rewriteMediaImages(document.body);
    const main = document.querySelector('main')!;
    const img = document.createElement('img');
    img.setAttribute('src', '/-/media/added.jpg');
    main.append('Some text, then an image', img);
    document.getElementById('a')!.setAttribute('srcset', '/-/media/a-2.jpg 2x');
    await Promise.resolve();
    expect(img.getAttribute('src')).toBe('/sitecore/shell/-/media/added.jpg');
    expect(document.getElementById('a')!.getAttribute('srcset')).toBe('/sitecore/shell/-/media/a-2.jpg 2x');
    expect(document.getElementById('a')!.getAttribute('data-original-srcset')).toBe('/-/media/a-2.jpg 2x');
    stop();
  });

  it('rewrites images only: a video, an iframe or a link keeps its media URL', async () => {
    document.body.innerHTML = `
      <video id="v" src="/-/media/clip.mp4"></video>
      <iframe id="f" src="/-/media/doc.pdf"></iframe>`;
    const stop = rewriteMediaImages(document.body);
    const later = document.createElement('embed');
    later.setAttribute('src', '/-/media/late.pdf');
    document.body.append(later);
    await Promise.resolve();
    expect(document.getElementById('v')!.getAttribute('src')).toBe('/-/media/clip.mp4');
    expect(document.getElementById('f')!.getAttribute('src')).toBe('/-/media/doc.pdf');
    expect(later.getAttribute('src')).toBe('/-/media/late.pdf');
    stop();
  });
});
