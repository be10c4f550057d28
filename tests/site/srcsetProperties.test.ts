import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { rewriteMediaUrl, rewriteSrcset } from '../../src/site/editMode.ts';
import { srcsetCandidates } from '../support/srcset.ts';

// The second line behind editMode.test.ts's examples: whatever list of candidates a page's image has,
// an editor's browser fetches the same images, each media URL through the shell's media route.

const segment = fc.stringMatching(/^[a-z0-9_-]{1,8}$/);
// A URL of a candidate: media or not, with commas inside its query (`?crop=0,0`) or none.
const candidateUrl = fc
  .record({
    base: fc.constantFrom('/-/media/', '/-/jssmedia/', '/img/', 'https://cms.example.com/-/media/', '/static/'),
    path: fc.array(segment, { minLength: 1, maxLength: 3 }),
    crop: fc.option(fc.array(fc.nat(999), { minLength: 1, maxLength: 4 }), { nil: undefined }),
  })
  .map(({ base, path, crop }) => `${base}${path.join('/')}.jpg${crop ? `?crop=${crop.join(',')}` : ''}`);
const descriptor = fc.option(fc.constantFrom('1x', '2x', '1.5x', '640w', '1280w'), { nil: undefined });
const space = fc.constantFrom('', ' ', '  ', '\t', '\n ');

/** A srcset: candidates joined by commas, a candidate without a descriptor ending in its comma(s). */
const srcsets = fc
  .array(fc.record({ url: candidateUrl, descriptor, before: space, commas: fc.integer({ min: 1, max: 2 }) }), {
    minLength: 1,
    maxLength: 5,
  })
  .map((candidates) => ({
    candidates,
    srcset: candidates
      .map(({ url, descriptor: d, before, commas }, i) => {
        const last = i === candidates.length - 1;
        const comma = last ? '' : ','.repeat(commas);
        return d ? `${before}${url} ${d}${comma}` : `${before}${url}${comma}${last ? '' : ' '}`;
      })
      .join(''),
  }));

describe('rewriteSrcset, for any list of candidates', () => {
  it('keeps every candidate and descriptor as a browser reads them, each media URL (never its commas) through the shell', () => {
    fc.assert(
      fc.property(srcsets, ({ candidates, srcset }) => {
        const rewritten = srcsetCandidates(rewriteSrcset(srcset));
        expect(rewritten).toEqual(
          candidates.map(({ url, descriptor: d }) => ({ url: rewriteMediaUrl(url), descriptors: d ? [d] : [] })),
        );
        // A candidate's URL never swallows the comma that ends it.
        for (const { url } of rewritten) expect(url.endsWith(',')).toBe(false);
      }),
      { numRuns: 300 },
    );
  });
});
