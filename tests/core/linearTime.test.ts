import { describe, expect, it } from 'vitest';
import { redactSecrets, redactUrl } from '../../src/core/errors.ts';
import { formatCookie } from '../../src/core/cookies.ts';
import { safeLinkTarget, sameOriginPath } from '../../src/core/urlGuard.ts';
import { buildIdentityEvent } from '../../src/engagement/identity.ts';
import { sanitizeHtml } from '../../src/search/sanitize.ts';
import { rewriteSrcset } from '../../src/site/editMode.ts';
import { checkSiteEnv } from '../../src/site/siteEnv.ts';
import { projectGitIgnore } from '../../scripts/lib/servedFiles.mjs';
import { root } from '../../scripts/lib/prism.mjs';
import { cpuMs } from '../support/cpuTime.ts';

// Every guard and parser that reads data from content, a service or the URL runs in time linear in
// its input: a regular expression that backtracks (an unanchored `X+$`, overlapping quantifiers)
// makes a few hundred kilobytes of spaces, slashes or `?` freeze the page or the server for minutes.
// Wall time says nothing on a shared machine, so each case compares the time of a 256 KB input with
// that of a 1 KB input of the same shape: linear code takes ~256× as long, quadratic code ~65,000×
// (a megabyte says nothing more, and took a core for half a minute of every test run).

const KB = 1024;
// Each measurement repeats the call until this much time has passed, so a 1 KB call is measurable.
const MEASURE_MS = 2;
// Measurements per input, within a budget; the fastest is the one compared.
const SAMPLES = 5;
const BUDGET_MS = 250;

/** Milliseconds of CPU per call of `run(input)`: the fastest of up to {@link SAMPLES} measurements. */
function perCall(run: (input: string) => unknown, input: string): number {
  let fastest = Infinity;
  const begin = cpuMs();
  for (let sample = 0; sample < SAMPLES && cpuMs() - begin < BUDGET_MS; sample += 1) {
    // Calls in doubling batches, so reading the clock costs nothing next to a short call.
    let calls = 0;
    let elapsed = 0;
    const start = cpuMs();
    for (let batch = 1; elapsed < MEASURE_MS; batch *= 2) {
      for (let call = 0; call < batch; call += 1) run(input);
      calls += batch;
      elapsed = cpuMs() - start;
    }
    fastest = Math.min(fastest, elapsed / calls);
  }
  return fastest;
}

/** `unit` repeated to `length` characters between `head` and `tail` (the hostile shapes). */
const run =
  (unit: string, head = '', tail = '') =>
  (length: number) =>
    head + unit.repeat(Math.max(1, Math.floor((length - head.length - tail.length) / unit.length))) + tail;

type Shape = [name: string, make: (length: number) => string];

const INNER_SPACES: Shape = ['inner spaces', run(' ', 'a', 'b')];
const INNER_CONTROLS: Shape = ['inner control characters', run('\u0001', 'a', 'b')];
const TABS_AND_NEWLINES: Shape = ['tabs and newlines', run('\t\n', 'a', 'b')];
const EDGE_SPACES: Shape = ['spaces around', run(' ', '', '/x')];
const PERCENT: Shape = ['percent signs', run('%')];
const SLASHES: Shape = ['slashes', run('/', '', 'a')];
const BACKSLASHES: Shape = ['backslashes', run('\\', '/', 'a')];
const PAIRS: Shape = ['a= pairs', run('a=')];
const QUESTION_MARKS: Shape = ['question marks', run('?', 'https://x.example/', 'a')];
const QUERY_WORDS: Shape = ['?a runs', run('?a', 'https://x.example/')];
const SEMICOLONS: Shape = [';a runs', run(';a', 'https://x.example/?')];
const AMPERSANDS: Shape = ['ampersands', run('&', 'https://x.example/?', 'token')];
const SECRET_VALUE: Shape = ['a long secret value', run('a', 'https://x.example/?token=', '&x')];
const DOTS: Shape = ['dots', run('.', 'a@a', ' ')];
const DOTTED_WORDS: Shape = ['a. runs', run('a.', 'a@', '@')];
const AT_SIGNS: Shape = ['@ signs', run('a@')];
const COMMAS: Shape = ['commas', run('a,')];
const OPEN_PARENS: Shape = ['open parentheses', run('( ', 'a ')];
const MEDIA_PATHS: Shape = ['media paths', run('/-/media/', 'a')];

const PAGE = 'https://www.aero.example/news/today';
const identity = (email: string) => {
  try {
    buildIdentityEvent({ identifiers: [{ id: 'x', provider: 'email' }], email }, undefined, {
      clientKey: 'ck',
      pointOfSale: 'ngc',
      browserId: 'b-1',
    });
  } catch {
    // A refused address is as good an answer as an accepted one: only the time counts here.
  }
};

const cases: [name: string, subject: (input: string) => unknown, shapes: Shape[]][] = [
  [
    'safeLinkTarget',
    (input) => safeLinkTarget(input, PAGE),
    [
      INNER_SPACES,
      INNER_CONTROLS,
      TABS_AND_NEWLINES,
      EDGE_SPACES,
      PERCENT,
      SLASHES,
      BACKSLASHES,
      PAIRS,
      QUESTION_MARKS,
    ],
  ],
  [
    'sameOriginPath',
    (input) => sameOriginPath(input, PAGE),
    [INNER_SPACES, INNER_CONTROLS, TABS_AND_NEWLINES, EDGE_SPACES, PERCENT, SLASHES, BACKSLASHES, PAIRS],
  ],
  [
    'redactUrl',
    redactUrl,
    [
      INNER_SPACES,
      PERCENT,
      SLASHES,
      PAIRS,
      QUESTION_MARKS,
      QUERY_WORDS,
      SEMICOLONS,
      AMPERSANDS,
      SECRET_VALUE,
      AT_SIGNS,
    ],
  ],
  [
    'redactSecrets (an error message built from an answer)',
    (input) =>
      redactSecrets(input, {
        url: `https://x.example/?token=${'k'.repeat(16)}`,
        headers: { Authorization: 'Bearer t0k3n-1' },
      }),
    [
      INNER_SPACES,
      ['quoted names', run('"a":')],
      ['quotes', run('"')],
      ['an unterminated token field', run('a', '{"token":"')],
      ['escapes in a token field', run('\\"', '{"token":"')],
      ['spaces before a colon', run(' ', '{"token"', ':')],
      ['k runs (the start of the key, again and again)', run('k')],
    ],
  ],
  ['sanitizeHtml', sanitizeHtml, [INNER_SPACES, ['long attribute', run(' ', '<a href="', 'x">a</a>')]]],
  ['rewriteSrcset', rewriteSrcset, [INNER_SPACES, COMMAS, OPEN_PARENS, MEDIA_PATHS, SLASHES, PAIRS]],
  ['the email check of an IDENTITY event', identity, [DOTS, DOTTED_WORDS, AT_SIGNS, INNER_SPACES]],
  ['formatCookie', (input) => formatCookie('bid_ck', input), [['a long value', run('a')]]],
  // The dev server asks it about every request path (a URL of up to 16 KB there).
  ['the .gitignore rules of the servers', projectGitIgnore(root), [['a/ runs', run('a/')], SLASHES, DOTS]],
  // Settings, not visitors' data, but the host check ends with a trim of the same kind.
  [
    'the host check of the settings',
    (input) => checkSiteEnv({ VITE_CONTENT_HOST: `https://${input}` }, 'uat'),
    [['inner dots', run('.', 'a', 'b')]],
  ],
];

describe('linear time on hostile input (256 KB against 1 KB of the same shape)', () => {
  it.each(cases.flatMap(([name, subject, shapes]) => shapes.map(([shape, make]) => [name, shape, subject, make])))(
    '%s: %s',
    (_name, _shape, subject, make) => {
      const small = perCall(subject as (input: string) => unknown, (make as Shape[1])(KB));
      // 16 times the linear ratio at each size: a quadratic guard shows at 64 KB (~4000× instead of ~64×)
      // before 256 KB would take it seconds.
      for (const [size, limit] of [
        [64 * KB, 16 * 64],
        [256 * KB, 16 * 256],
      ] as const) {
        const ratio = perCall(subject as (input: string) => unknown, (make as Shape[1])(size)) / small;
        expect(ratio, `${size / KB} KB took ${Math.round(ratio)}× as long as 1 KB`).toBeLessThan(limit);
      }
    },
  );
});
