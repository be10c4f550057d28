// @ts-check
// The banner mock's languages. Prism picks an answer by example name (`Prefer`), never by query
// value, so whatever serves the site against the mock turns a banner request's `language` into
// `Prefer` here, as contentMock.mjs does for the layout service's `item`. This mapping lives only in
// the mock layer: the site's own requests never carry `Prefer`.
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { root } from './prism.mjs';
import { readContract } from '../contract/contracts.mjs';

/** The banner contract whose examples the mock answers with. */
export const ONECONNECT_SPEC = join(root, 'openapi', 'oneconnect', 'openapi.yaml');

/** Path of the banners call (`getSegmentBanners`), as the site and the mock serve it. */
const SEGMENT_BANNERS_PATH = /** @type {const} */ ('/api/oneconnect/get-segment-banners');

/** The language of a banner request without `language`: its examples carry no language in their name. */
const DEFAULT_BANNER_LANGUAGE = 'en';

/** @type {{ spec: string; mtime: number; names: readonly string[] } | undefined} */
let cached;

/**
 * Names of the banners call's 200 examples in `spec` (defaults to the banner contract), in the
 * contract's order; re-read when the file changes, so an edited contract is picked up without a restart.
 * @param {string} [spec]
 * @returns {readonly string[]}
 */
function bannerExampleNames(spec = ONECONNECT_SPEC) {
  const mtime = statSync(spec).mtimeMs;
  if (cached?.spec === spec && cached.mtime === mtime) return cached.names;
  const doc = readContract(spec);
  const examples = doc.paths?.[SEGMENT_BANNERS_PATH]?.get?.responses?.['200']?.content?.['application/json']?.examples;
  cached = { spec, mtime, names: Object.keys(examples ?? {}) };
  return cached.names;
}

/**
 * The `Prefer` value that makes the banner mock answer a request URL (absolute or a path) in its
 * `language`: `example=<name>.<language>` for the banners call in a language other than English,
 * where `<name>` is the example Prism answers by default (the contract's first, `mixed`) and the
 * contract has it in that language; `undefined` otherwise (Prism then answers as usual: English,
 * as the service does for a language it has no banners in). `examples` defaults to the contract's.
 * @param {string} url
 * @param {{ examples?: readonly string[] }} [options]
 * @returns {string | undefined}
 */
export function preferForBannerRequest(url, { examples = bannerExampleNames() } = {}) {
  const parsed = new URL(url, 'http://mock.invalid');
  if (!parsed.pathname.endsWith(SEGMENT_BANNERS_PATH)) return undefined;
  const language = parsed.searchParams.get('language');
  if (!language || language === DEFAULT_BANNER_LANGUAGE) return undefined;
  const name = `${examples[0]}.${language}`;
  return examples.includes(name) ? `example=${name}` : undefined;
}
