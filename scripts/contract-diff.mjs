#!/usr/bin/env node
// `npm run contract:diff [-- --base <git ref>] [--json] [api…]`: what changed in each
// contract since a git revision (default HEAD), each change classified breaking or not.
import { parseArgs } from 'node:util';
import { contractChanges, formatChangeReport } from './contract/diff.mjs';

const USAGE = 'usage: npm run contract:diff -- [--base <git ref>] [--json] [--root <dir>] [api…]';

function options(argv) {
  try {
    const { values, positionals } = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        base: { type: 'string', default: 'HEAD' },
        json: { type: 'boolean', default: false },
        root: { type: 'string' },
      },
    });
    return { ...values, apis: positionals.length ? positionals : undefined };
  } catch (error) {
    console.error(`${error.message}\n${USAGE}`);
    process.exit(2);
  }
}

const { base, json, root, apis } = options(process.argv.slice(2));
try {
  const report = await contractChanges({ base, root, apis });
  console.log(json ? JSON.stringify(report, null, 2) : formatChangeReport(report));
} catch (error) {
  console.error(`contract:diff failed: ${error.message}`);
  process.exit(1);
}
