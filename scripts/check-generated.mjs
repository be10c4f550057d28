#!/usr/bin/env node
// @ts-check
// Regenerates every API into a temporary copy of the project and compares it with
// generated/ byte for byte. Exits 1 and lists the differing files when they differ.
import { execFile } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { promisify } from 'node:util';
import { root } from './lib/prism.mjs';

const run = promisify(execFile);

/**
 * What `npm run generate` reads besides the contracts in openapi/ (the project's paths): a copy of
 * these and openapi/ regenerates exactly what the project does.
 */
export const GENERATE_READS = [
  'scripts',
  'src/core',
  // The mock-backed mode's name, which the scripts' mock module re-exports.
  'src/site/mockBackedMode.mjs',
  'orval.config.ts',
  'package.json',
  'redocly.yaml',
  'tsconfig.json',
];

/** @param {string} dir */
function listFiles(dir) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => relative(dir, join(e.parentPath ?? e.path, e.name)))
    .sort();
}

/**
 * Returns the list of differences between generated/ and a fresh generation (empty when identical).
 * @returns {Promise<string[]>}
 */
export async function checkGenerated() {
  const temp = mkdtempSync(join(tmpdir(), 'regen-'));
  try {
    for (const entry of ['openapi', ...GENERATE_READS]) {
      cpSync(join(root, entry), join(temp, entry), { recursive: true });
    }
    symlinkSync(join(root, 'node_modules'), join(temp, 'node_modules'), 'dir');
    await run(process.execPath, [join(temp, 'scripts', 'generate.mjs')], { cwd: temp, maxBuffer: 64 << 20 });
    const committed = join(root, 'generated');
    const fresh = join(temp, 'generated');
    const a = listFiles(committed);
    const b = listFiles(fresh);
    const diffs = [];
    for (const file of new Set([...a, ...b])) {
      if (!a.includes(file)) diffs.push(`missing from generated/: ${file}`);
      else if (!b.includes(file)) diffs.push(`not produced by npm run generate: ${file}`);
      else if (!readFileSync(join(committed, file)).equals(readFileSync(join(fresh, file))))
        diffs.push(`differs: ${file}`);
    }
    return diffs;
  } finally {
    rmSync(temp, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const diffs = await checkGenerated();
  if (diffs.length) {
    console.error(`generated/ is out of date (run npm run generate and commit):\n${diffs.join('\n')}`);
    process.exit(1);
  }
  console.log('generated/ matches npm run generate byte for byte');
}
