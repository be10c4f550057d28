#!/usr/bin/env node
// `npm run contract:check [-- --base <git ref>] [--allow-breaking]`: fails when a contract
// changed in a breaking way since the base (default HEAD) without a CHANGELOG.md acknowledgement.
// Exits 0 with the reason when there is nothing to compare with (no git, no previous commit).
import { parseArgs } from 'node:util';
import { checkContracts, formatCheckResult } from './contract/check.mjs';

const USAGE = 'usage: npm run contract:check -- [--base <git ref>] [--allow-breaking] [--json] [--root <dir>]';

function options(argv) {
  try {
    return parseArgs({
      args: argv,
      options: {
        base: { type: 'string', default: 'HEAD' },
        'allow-breaking': { type: 'boolean', default: false },
        json: { type: 'boolean', default: false },
        root: { type: 'string' },
      },
    }).values;
  } catch (error) {
    console.error(`${error.message}\n${USAGE}`);
    process.exit(2);
  }
}

const { base, 'allow-breaking': allowBreaking, json, root } = options(process.argv.slice(2));
try {
  const result = await checkContracts({ base, root, allowBreaking });
  console.log(json ? JSON.stringify(result, null, 2) : formatCheckResult(result));
  process.exit(result.ok ? 0 : 1);
} catch (error) {
  console.error(`contract:check failed: ${error.message}`);
  process.exit(1);
}
