// Bundles a contract that $refs sibling files into one document with Redocly CLI,
// because api-smart-diff resolves only references inside one document.
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { root } from '../lib/prism.mjs';
import { redoclyEnv } from './redoclyEnv.mjs';

const run = promisify(execFile);

/**
 * Returns the bundled document of `file` (its external `$ref`s pulled into
 * `components`). Runs `redocly bundle` from the contract's own folder so that no
 * project config (decorators) changes the document. Throws with Redocly's
 * message when a reference cannot be resolved.
 */
export async function bundleContract(file) {
  const temp = mkdtempSync(join(tmpdir(), 'contract-bundle-'));
  try {
    const out = join(temp, 'bundle.json');
    await run(join(root, 'node_modules', '.bin', 'redocly'), ['bundle', file, '-o', out, '--ext', 'json'], {
      cwd: dirname(file),
      env: redoclyEnv(),
      maxBuffer: 64 << 20,
    }).catch((error) => {
      throw new Error(
        `Could not bundle ${file}: ${String(error.stderr || error.message)
          .trim()
          .split('\n')
          .slice(-3)
          .join(' ')}`,
      );
    });
    return JSON.parse(readFileSync(out, 'utf8'));
  } finally {
    rmSync(temp, { recursive: true, force: true });
  }
}
