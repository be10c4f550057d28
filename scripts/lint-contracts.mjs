#!/usr/bin/env node
// Lints every contract in openapi/ with Redocly (rules in redocly.yaml); fails on any error.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { contractApis } from './lib/apis.mjs';
import { root } from './lib/prism.mjs';

// The contracts are named by their files, not listed in redocly.yaml: a new contract is linted as it is.
const files = contractApis(root).map((api) => join('openapi', api, 'openapi.yaml'));
const result = spawnSync(
  join(root, 'node_modules', '.bin', 'redocly'),
  ['lint', '--config', 'redocly.yaml', '--format', 'summary', ...files],
  {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
  },
);
process.exit(result.status ?? 1);
