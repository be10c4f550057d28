#!/usr/bin/env node
// Lints every contract in openapi/ with Redocly (rules in redocly.yaml); fails on any error.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { root } from './lib/prism.mjs';

const apis = ['commerce', 'engagement', 'search', 'oneconnect', 'auth', 'content'].filter((api) =>
  existsSync(join(root, 'openapi', api, 'openapi.yaml')),
);
const result = spawnSync(
  join(root, 'node_modules', '.bin', 'redocly'),
  ['lint', '--config', 'redocly.yaml', '--format', 'summary', ...apis],
  {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
  },
);
process.exit(result.status ?? 1);
