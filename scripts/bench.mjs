#!/usr/bin/env node
// `npm run bench`: runs every scripts/bench/*.mjs suite (each exports `run()` → rows),
// prints one table, and writes bench/results/<date>.json (git-ignored).
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { root } from './lib/prism.mjs';

const only = process.argv.slice(2).filter((a) => !a.startsWith('-'));
const dir = join(root, 'scripts', 'bench');
const suites = readdirSync(dir)
  .filter((f) => f.endsWith('.mjs') && !f.startsWith('_'))
  .sort()
  .filter((f) => only.length === 0 || only.some((o) => f.includes(o)));

const rows = [];
for (const file of suites) {
  const suite = await import(pathToFileURL(join(dir, file)).href);
  for (const row of await suite.run()) rows.push({ suite: file.replace(/\.mjs$/, ''), ...row });
}

const cols = ['suite', 'name', 'value', 'unit', 'detail', 'target', 'ok'];
const cells = rows.map((r) =>
  cols.map((c) => (c === 'ok' ? (r.target === undefined ? '' : r.ok ? 'yes' : 'NO') : String(r[c] ?? ''))),
);
const widths = cols.map((c, i) => Math.max(c.length, ...cells.map((row) => row[i].length)));
const line = (values) => `| ${values.map((v, i) => v.padEnd(widths[i])).join(' | ')} |`;
console.log(line(cols));
console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
for (const row of cells) console.log(line(row));

mkdirSync(join(root, 'bench', 'results'), { recursive: true });
const file = join(root, 'bench', 'results', `${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
writeFileSync(file, `${JSON.stringify({ node: process.version, rows }, null, 2)}\n`);
console.log(`\nWritten to ${file}`);
