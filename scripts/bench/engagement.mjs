// Engagement events SDK: bundle size of an app that starts the SDK and sends a page
// view, and the time to validate and enqueue 10,000 events.
import { build } from 'esbuild';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { bundleSize, root, sizeRow } from './_size.mjs';
import { splitBundleSize } from './_splitSize.mjs';

const REFERENCE_GZIP = 5587; // engagement.md §9: the reference SDK v1.4.3, init + pageView, one bundle
const REFERENCE_SPLIT_ENTRY_GZIP = 5187; // engagement.md §9: its entry with code splitting (+ a 509 B lazy chunk)
const EVENTS = 10_000;

const APP = `import { init } from './src/engagement/index.ts';
init({ clientKey: 'ck', targetURL: 'https://api-engage-eu.sitecorecloud.io', pointOfSale: 'ngc' })
  .then((engage) => engage.pageView({ channel: 'WEB', currency: 'USD' }));`;

export async function run() {
  // What a browser downloads before the app's code runs: the entry chunk and its static
  // imports. The SDK's `import()`ed parts (personalize, getGuestId, processEventQueue,
  // the identity body, browser-id creation, init's error texts, web personalization)
  // load only when used.
  const split = await splitBundleSize(APP);
  const lazy = split.lazy.files.map((f) => `${chunkName(f.path)} ${f.gzip}`).join(', ');
  const rows = [
    sizeRow(
      'init + pageView app, initial JS (code-split)',
      split.initial,
      2800,
      `${split.initial.files.length} file(s) before any lazy chunk; all chunks ${split.total.gzip} B gzip; reference entry ${REFERENCE_SPLIT_ENTRY_GZIP} B gzip`,
    ),
  ];
  // A visitor without a bid_ cookie also loads browser-id creation before init resolves.
  const create = split.lazy.files.find((f) => chunkName(f.path) === 'createBrowserId');
  if (create) {
    const first = { min: split.initial.min + create.min, gzip: split.initial.gzip + create.gzip };
    rows.push(sizeRow('init + pageView app, first visit (no bid_ cookie)', first, undefined, 'initial JS + the createBrowserId chunk'));
  }
  rows.push({ name: 'lazy chunks (gzip each)', value: split.lazy.gzip, unit: 'B gzip', detail: lazy });
  // The honest whole: everything the SDK can ever load, in one bundle, as §9 measured the reference.
  rows.push(sizeRow('init + pageView app, one bundle (no code splitting)', await bundleSize(APP), undefined, `reference ${REFERENCE_GZIP} B gzip`));
  rows.push(...(await timeQueue()));
  return rows;
}

// `personalize-66N64SKD.js` → `personalize`.
function chunkName(path) {
  return basename(path).replace(/-[A-Z0-9]{8}\.js$/, '');
}

/**
 * Loads the SDK (bundled by esbuild) into this Node process with minimal browser shims —
 * `window`, a `document` with the browser-id cookie and `<html lang>`, `location`, and a
 * Map-backed `sessionStorage` — and times the public path: `addToEventQueue` (infer page
 * and language, validate by building the body, serialize, append to the stored array).
 * The shims are removed afterwards so other suites see a plain Node.
 */
async function timeQueue() {
  const dir = mkdtempSync(join(tmpdir(), 'bench-engagement-'));
  const names = ['window', 'document', 'location', 'sessionStorage'];
  const saved = names.map((name) => Object.getOwnPropertyDescriptor(globalThis, name));
  try {
    const file = join(dir, 'sdk.mjs');
    const out = await build({ entryPoints: [join(root, 'src/engagement/index.ts')], bundle: true, format: 'esm', platform: 'neutral', write: false, logLevel: 'silent' });
    writeFileSync(file, out.outputFiles[0].text);
    const store = installShims();
    const { init } = await import(pathToFileURL(file).href);
    const sdk = await init({ clientKey: 'ck', targetURL: 'https://api-engage-eu.sitecorecloud.io', pointOfSale: 'ngc' });
    enqueue(sdk, 1_000); // warm-up
    const times = [];
    for (let round = 0; round < 3; round += 1) {
      store.clear();
      const start = performance.now();
      enqueue(sdk, EVENTS);
      times.push(performance.now() - start);
    }
    const median = times.sort((a, b) => a - b)[1];
    const bytes = store.get('EngageEventQueue').length;
    return [
      {
        name: `validate + enqueue ${EVENTS.toLocaleString('en')} events`,
        value: Number(median.toFixed(1)),
        unit: 'ms',
        detail: `median of 3; addToEventQueue into a Map-backed sessionStorage shim (${Math.round(bytes / 1024)} KiB stored); a browser adds its own copy of the stored text per setItem`,
      },
    ];
  } finally {
    names.forEach((name, i) => (saved[i] ? Object.defineProperty(globalThis, name, saved[i]) : delete globalThis[name]));
    rmSync(dir, { recursive: true, force: true });
  }
}

function installShims() {
  const store = new Map();
  globalThis.window = globalThis;
  globalThis.document = { cookie: 'bid_ck=b-123', documentElement: { lang: 'en-US' }, referrer: '', scripts: [] };
  globalThis.location = { pathname: '/careers', search: '?utm_source=news', hostname: 'www.example.com' };
  globalThis.sessionStorage = {
    getItem: (key) => store.get(key) ?? null,
    setItem: (key, value) => store.set(key, String(value)),
    removeItem: (key) => store.delete(key),
  };
  return store;
}

function enqueue(sdk, count) {
  for (let i = 0; i < count; i += 1) {
    sdk.addToEventQueue('CTA_CLICK', { channel: 'WEB', currency: 'USD', label: `See open roles ${i}` }, { hero: { slot: i % 5, variant: 'b' } });
  }
}
