// @ts-check
// Every file the build and the publish server write goes through here: written beside its place under
// a temporary name, then renamed over it, so a visitor (or the static host) reading it during a
// publish gets the old file or the new one, never half of one.
import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

let counter = 0;

/**
 * Writes `text` to `file` atomically (creating its folder); a failed write leaves the old file.
 * @param {string} file
 * @param {string} text
 * @returns {void}
 */
export function writeFileAtomic(file, text) {
  mkdirSync(dirname(file), { recursive: true });
  // In the same folder, so the rename never crosses file systems (which would be a copy).
  const temporary = `${file}.${process.pid}.${(counter += 1)}.tmp`;
  try {
    writeFileSync(temporary, text);
    renameSync(temporary, file);
  } catch (error) {
    rmSync(temporary, { force: true });
    throw error;
  }
}
