#!/usr/bin/env node
// `npm run mutate [module…] [-- --force] [--concurrency 2]`: StrykerJS (stryker.config.mjs) over each
// named module of scripts/lib/mutationModules.mjs (all of them when none is named), one module after
// another, at low CPU priority (nice 10) so the machine stays usable. Incremental by default: only
// mutants in code or tests changed since that module's last run are tested again (`--force` tests
// all of them). Each module's HTML report: reports/mutation/<module>/index.html. Not part of `npm test`.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { mutationModules } from './lib/mutationModules.mjs';
import { root } from './lib/prism.mjs';

const args = process.argv.slice(2);
const named = args.filter((a, i) => !a.startsWith('-') && !/^--/.test(args[i - 1] ?? ''));
const unknown = named.filter((n) => !Object.hasOwn(mutationModules, n));
if (unknown.length > 0) {
  console.error(`Unknown module ${unknown.join(', ')}: one of ${Object.keys(mutationModules).join(', ')}`);
  process.exit(2);
}
const passOn = args.filter((a) => !named.includes(a));
const stryker = join(root, 'node_modules', '.bin', 'stryker');
let failed = 0;
for (const name of named.length > 0 ? named : Object.keys(mutationModules)) {
  console.log(`\n== ${name} ==`);
  const run = spawnSync('nice', ['-n', '10', stryker, 'run', 'stryker.config.mjs', ...passOn], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, MUTATE_MODULE: name },
  });
  if (run.status !== 0) failed += 1;
  console.log(`Report: reports/mutation/${name}/index.html`);
}
process.exit(failed > 0 ? 1 : 0);
