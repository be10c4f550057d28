// StrykerJS over one module of scripts/lib/mutationModules.mjs (MUTATE_MODULE, set by scripts/mutate.mjs),
// with its vitest runner on vitest.mutate.config.ts. Incremental: the results of the last run are kept
// in reports/mutation/<module>/incremental.json (git-ignored) and only mutants in changed code, or
// covered by changed tests, run again.
import { mutationModules } from './scripts/lib/mutationModules.mjs';

const name = process.env.MUTATE_MODULE ?? '';
const module = mutationModules[name];
if (!module) throw new Error(`MUTATE_MODULE should be one of ${Object.keys(mutationModules).join(', ')}`);

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  vitest: { configFile: 'vitest.mutate.config.ts' },
  plugins: ['@stryker-mutator/vitest-runner'],
  mutate: module.mutate,
  coverageAnalysis: 'perTest',
  // One test process at a time (two at most, from the command line): the machine is shared.
  concurrency: 1,
  incremental: true,
  incrementalFile: `reports/mutation/${name}/incremental.json`,
  reporters: ['html', 'clear-text', 'progress', 'json'],
  htmlReporter: { fileName: `reports/mutation/${name}/index.html` },
  jsonReporter: { fileName: `reports/mutation/${name}/mutation.json` },
  tempDirName: '.stryker-tmp',
  cleanTempDir: 'always',
  timeoutMS: 10_000,
  // The goal of every module (#38): a run under it fails, so a score once met stays met.
  thresholds: { high: 90, low: 80, break: 90 },
};
