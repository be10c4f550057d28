#!/usr/bin/env node
// `node scripts/merge-shards.mjs --outDir dist --state <shard state>... `: the last step of a build
// split over machines (`npm run build -- --shard i/n`, one per job of a CI matrix): each job's build
// folder has been copied over one `dist/` (every job writes the same bundles, and only its own
// pages), and each job's state folder (`--state`) is given here. Joins the shards' manifests into the
// build's own, checks the whole site (language versions, dead links) and writes its sitemap (an index
// past 50,000 URLs), robots.txt and static-pages.json. docs/publishing.md has the CI recipe.
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { root } from './lib/prism.mjs';
import { mergeShards } from './lib/prerender/merge.mjs';

try {
  const { values } = parseArgs({
    options: {
      outDir: { type: 'string', default: 'dist' },
      state: { type: 'string', multiple: true, default: [] },
      mode: { type: 'string' },
    },
  });
  if (values.state.length === 0) throw new Error("--state: name each shard's state folder (--state a --state b ...)");
  const { pages, sitemaps } = await mergeShards({
    outDir: resolve(root, values.outDir),
    shardStates: values.state.map((dir) => resolve(root, dir)),
    mode: values.mode,
  });
  console.log(`Merged ${values.state.length} shards: ${pages} pages, ${sitemaps.join(', ')}`);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
