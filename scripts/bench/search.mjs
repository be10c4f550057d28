// Search widget layer: bundle size of a page's provider plus one search-results widget
// (React external), and the number of search POSTs when 20 widgets ask in the same tick.
import { build } from 'esbuild';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { REACT_EXTERNAL, bundleSize, root, sizeRow } from './_size.mjs';

const KB = 1024;

const PAGE = `
import { jsx } from 'react/jsx-runtime';
import { WidgetsProvider, SearchResultsWidget } from './src/search/react.tsx';
export const Page = () => jsx(WidgetsProvider, {
  customerKey: '11111-2222222', apiKey: 'key',
  children: jsx(SearchResultsWidget, { rfkId: 'rfkid_7' }),
});`;

/** Runs the real client and batcher (bundled for node) with a counting fetch. */
async function postsFor(widgetCount) {
  const dir = mkdtempSync(join(tmpdir(), 'search-bench-'));
  try {
    const out = join(dir, 'client.mjs');
    await build({
      entryPoints: [join(root, 'src/search/index.ts')],
      bundle: true,
      format: 'esm',
      platform: 'node',
      outfile: out,
      logLevel: 'silent',
    });
    const { createSearchClient } = await import(pathToFileURL(out).href);
    let posts = 0;
    const fetch = async (_url, init) => {
      posts += 1;
      const { widget } = JSON.parse(init.body);
      const widgets = widget.items.map((i) => ({
        rfk_id: i.rfk_id,
        entity: i.entity,
        type: 'recommendation',
        content: [],
      }));
      return new Response(JSON.stringify({ widgets }), {
        status: 200,
        headers: { 'Content-Type': 'application/json' },
      });
    };
    const client = createSearchClient({ customerKey: '11111-2222222', apiKey: 'key', fetch, trackingConsent: false });
    const started = performance.now();
    const results = await Promise.all(
      Array.from({ length: widgetCount }, (_, i) =>
        client.requestWidget({ item: { rfk_id: `rfkid_${i}`, entity: 'content' }, instanceId: `w${i}` }),
      ),
    );
    const ms = performance.now() - started;
    if (results.length !== widgetCount) throw new Error('not every widget answered');
    return { posts, ms };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function run() {
  const page = await bundleSize(PAGE, { external: REACT_EXTERNAL });
  const everything = await bundleSize(`export * from './src/search/react.tsx';`, { external: REACT_EXTERNAL });
  const core = await bundleSize(`export * from './src/search/index.ts';`, { external: REACT_EXTERNAL });
  const twenty = await postsFor(20);
  return [
    sizeRow(
      'search: WidgetsProvider + one search-results widget',
      page,
      18 * KB,
      'React + React Query external; references 59.1 KB (v1.2.4) and 37.2 KB (v3)',
    ),
    sizeRow(
      'search: every React export (all 8 widgets, DOMPurify)',
      everything,
      undefined,
      'React + React Query external',
    ),
    sizeRow('search: framework-free core (index.ts, DOMPurify)', core, undefined),
    {
      name: 'search: POSTs when 20 widgets ask in one tick',
      value: twenty.posts,
      unit: 'POST',
      detail: `real client + batcher, counting fetch; all 20 answered after ${Math.round(twenty.ms)} ms (250 ms debounce)`,
      target: '≤ 1',
      ok: twenty.posts <= 1,
    },
  ];
}
