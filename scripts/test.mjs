#!/usr/bin/env node
// @ts-check
// `npm test`: the static checks (`format:check`, `lint`, `lint:contracts`, `typecheck`, `check:unused`) and the test
// suite (`vitest run`, with any arguments given: `npm test -- tests/core`), all at once. The suite's
// Chromium suites spend most of their time waiting on Chromium, so the checks' half-minute of CPU
// fits in beside them instead of running first, alone; at a lower CPU priority (nice 10), as the
// jsdom files (tests/support/lowPriority.mjs), so they never slow a page past one of the site's own
// deadlines. Each check's output is printed whole when it ends (a line when it passed); the command
// fails when any of them or the suite fails.
import { spawn } from 'node:child_process';
import { setPriority } from 'node:os';
import { join } from 'node:path';
import { root } from './lib/prism.mjs';

/** The checks `npm test` runs besides the suite, by their npm script names. */
const CHECKS = ['format:check', 'lint', 'lint:contracts', 'typecheck', 'check:unused'];

/**
 * Runs `command` in the project's folder, at `nice` (a CPU priority its children inherit); resolves its
 * exit code (1 when it could not start) and, unless `inherit`, everything it printed.
 * @param {string} command
 * @param {string[]} args
 * @param {{ inherit?: boolean; nice?: number }} [options]
 * @returns {Promise<{ code: number; output: string }>}
 */
function run(command, args, { inherit = false, nice = 0 } = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio: inherit ? 'inherit' : ['ignore', 'pipe', 'pipe'] });
    // Before npm has started its own child (which inherits it); a system without priorities runs it as is.
    if (nice && child.pid) {
      try {
        setPriority(child.pid, nice);
      } catch {
        // not permitted here: the check runs at the usual priority
      }
    }
    let output = '';
    child.stdout?.on('data', (chunk) => (output += chunk));
    child.stderr?.on('data', (chunk) => (output += chunk));
    child.once('error', (error) => resolve({ code: 1, output: `${output}${error.message}\n` }));
    child.once('close', (code, signal) => resolve({ code: code ?? (signal ? 1 : 0), output }));
  });
}

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const checks = CHECKS.map(async (name) => {
  const started = performance.now();
  const { code, output } = await run(npm, ['run', '--silent', name], { nice: 10 });
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  if (code === 0) process.stdout.write(`npm test: ${name} passed (${seconds} s)\n`);
  else process.stdout.write(`\nnpm test: ${name} FAILED (exit ${code}, ${seconds} s):\n${output}\n`);
  return { name, code };
});
const suite = run(join(root, 'node_modules', '.bin', 'vitest'), ['run', ...process.argv.slice(2)], { inherit: true });

const results = [...(await Promise.all(checks)), { name: 'vitest run', code: (await suite).code }];
const failed = results.filter((r) => r.code !== 0).map((r) => r.name);
if (failed.length > 0) {
  process.stdout.write(`npm test: failed: ${failed.join(', ')}\n`);
  process.exit(1);
}
