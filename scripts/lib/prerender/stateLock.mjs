// @ts-check
// One writer at a time for a build: `npm run build` (its bundles, pages, site files and manifest) and the
// publish server (a publish's pages, site files and manifest) both rewrite the same folders, and a
// publish that ran during a full build, or from what it read before one, wrote its stale manifest and
// sitemap over the build's and pages that load the scripts the build had just deleted. The lock is a
// file in the build's state folder, made with O_EXCL so that only one process (and one holder in it)
// gets it; a holder waits for the other's turn, and a lock whose process is gone is taken over.
import {
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readFileSync,
  rmdirSync,
  rmSync,
  statSync,
  writeSync,
} from 'node:fs';
import { join } from 'node:path';

/** The lock's file in a build's state folder. */
const LOCK_FILE = 'lock';

/** How long a lock file may stay empty (made, its holder not yet written) before it counts as abandoned. */
const UNWRITTEN_GRACE_MS = 5_000;

/**
 * Options of {@link lockState}.
 * @typedef {object} LockOptions
 * @property {string} holder Who takes it, as the other side's message names it ("npm run build").
 * @property {number} [waitMs] How long to wait for another holder. Defaults to 15 minutes (a full build of 10,000 routes takes about 5).
 * @property {number} [pollMs] How often to look again while waiting. Defaults to 100 ms.
 * @property {(line: string) => void} [onWait] Told once, when the lock is taken by another.
 */

/**
 * The lock file's holder, as written.
 * @typedef {object} Holder
 * @property {number} pid
 * @property {string} holder
 * @property {string} since
 */

/**
 * Takes the lock of the build whose state is in `stateDir`, waiting while another holds it; resolves
 * the function that gives it back. Rejects after `waitMs` naming the holder, its process and since
 * when. A lock left by a process that no longer runs is taken over.
 * @param {string} stateDir
 * @param {LockOptions} options
 * @returns {Promise<() => void>}
 */
export async function lockState(stateDir, { holder, waitMs = 15 * 60_000, pollMs = 100, onWait }) {
  // A folder made only for the lock (a build that then failed before writing anything) goes with it.
  const made = !existsSync(stateDir);
  mkdirSync(stateDir, { recursive: true });
  const file = join(stateDir, LOCK_FILE);
  const deadline = Date.now() + waitMs;
  let told = false;
  for (;;) {
    const mine = tryCreate(file, { pid: process.pid, holder, since: new Date().toISOString() });
    if (mine)
      return () => {
        mine();
        if (made) rmEmpty(stateDir);
      };
    const other = readHolder(file);
    if (other === 'gone') continue;
    if (other === 'abandoned') {
      rmSync(file, { force: true });
      continue;
    }
    if (Date.now() >= deadline)
      throw new Error(
        `${holder}: the build in ${stateDir} is locked by ${describe(other)}; waited ${+(waitMs / 1000).toFixed(1)} s`,
      );
    if (!told && onWait) onWait(`${holder}: waiting for ${describe(other)} to finish with the build`);
    told = true;
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
}

/**
 * Runs `work` holding the lock of the build whose state is in `stateDir` ({@link lockState}), and
 * gives the lock back however it ends; resolves what `work` resolves.
 * @template T
 * @param {string} stateDir
 * @param {LockOptions} options
 * @param {() => Promise<T>} work
 * @returns {Promise<T>}
 */
export async function withStateLock(stateDir, options, work) {
  const release = await lockState(stateDir, options);
  try {
    return await work();
  } finally {
    release();
  }
}

/**
 * Makes the lock file with `holder` in it; the release function when this call made it, else undefined.
 * @param {string} file
 * @param {Holder} holder
 * @returns {(() => void) | undefined}
 */
function tryCreate(file, holder) {
  let fd;
  try {
    fd = openSync(file, 'wx');
  } catch (error) {
    if (/** @type {NodeJS.ErrnoException} */ (error).code === 'EEXIST') return undefined;
    throw error;
  }
  try {
    writeSync(fd, JSON.stringify(holder));
  } finally {
    closeSync(fd);
  }
  let held = true;
  return () => {
    // Only this holder's own file: released twice, or after a takeover, it leaves the other's alone.
    if (!held) return;
    held = false;
    const now = readHolder(file);
    if (typeof now === 'object' && now.pid === holder.pid && now.since === holder.since && now.holder === holder.holder)
      rmSync(file, { force: true });
  };
}

/**
 * Who holds the lock in `file`: its holder; `'gone'` when the file went meanwhile; `'abandoned'` when its
 * process no longer runs, or it stayed unwritten (its maker died between making and writing it).
 * @param {string} file
 * @returns {Holder | 'gone' | 'abandoned'}
 */
function readHolder(file) {
  let text;
  let modified;
  try {
    text = readFileSync(file, 'utf8');
    modified = statSync(file).mtimeMs;
  } catch (error) {
    if (/** @type {NodeJS.ErrnoException} */ (error).code === 'ENOENT') return 'gone';
    throw error;
  }
  /** @type {Partial<Holder> | undefined} */
  let holder;
  try {
    holder = JSON.parse(text);
  } catch {
    holder = undefined;
  }
  if (!holder || typeof holder.pid !== 'number') {
    // Being written right now, or never will be.
    return Date.now() - modified > UNWRITTEN_GRACE_MS ? 'abandoned' : { pid: 0, holder: 'a process', since: '' };
  }
  return processRuns(holder.pid) ? /** @type {Holder} */ (holder) : 'abandoned';
}

/**
 * Removes `dir` if it is empty.
 * @param {string} dir
 * @returns {void}
 */
function rmEmpty(dir) {
  try {
    rmdirSync(dir);
  } catch {
    // not empty, or gone: either way nothing of the lock's is left
  }
}

/**
 * Whether a process `pid` runs on this machine.
 * @param {number} pid
 * @returns {boolean}
 */
export function processRuns(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, as another user.
    return /** @type {NodeJS.ErrnoException} */ (error).code === 'EPERM';
  }
}

/**
 * @param {Holder} holder
 * @returns {string}
 */
const describe = ({ holder, pid, since }) => (pid ? `${holder} (pid ${pid}, since ${since})` : holder);
