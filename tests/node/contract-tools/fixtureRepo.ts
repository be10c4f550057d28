// Throwaway git repositories built from tests/fixtures/contracts, so the contract tools
// are tested against known histories and never against this repository's own.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));

/** This project's root. */
export const PROJECT = join(here, '..', '..', '..');

/** tests/fixtures/contracts. */
export const FIXTURES = join(PROJECT, 'tests', 'fixtures', 'contracts');

/** The text of a fixture file, e.g. `widgets/base.yaml`. */
export function fixture(name: string): string {
  return readFileSync(join(FIXTURES, name), 'utf8');
}

/** The environment without GIT_* variables, so git never looks at another repository. */
export function cleanEnv(): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('GIT_')));
}

/** A temp git repository (or a plain folder with `git: false`) to lay contracts out in. */
export interface FixtureRepo {
  root: string;
  write(path: string, text: string): void;
  remove(path: string): void;
  commit(message: string): void;
  cleanup(): void;
}

/** Creates an empty git repository (or, with `git: false`, a folder outside any repository). */
export function fixtureRepo({ git = true }: { git?: boolean } = {}): FixtureRepo {
  const root = mkdtempSync(join(tmpdir(), 'contract-repo-'));
  const run = (...args: string[]) =>
    execFileSync(
      'git',
      ['-c', 'user.name=Contract Tests', '-c', 'user.email=tests@example.com', '-c', 'commit.gpgsign=false', ...args],
      {
        cwd: root,
        env: cleanEnv(),
        stdio: 'pipe',
      },
    );
  if (git) run('init', '-q');
  return {
    root,
    write(path, text) {
      mkdirSync(dirname(join(root, path)), { recursive: true });
      writeFileSync(join(root, path), text);
    },
    remove(path) {
      rmSync(join(root, path), { recursive: true, force: true });
    },
    commit(message) {
      run('add', '-A');
      run('commit', '-q', '--allow-empty', '-m', message);
    },
    cleanup() {
      rmSync(root, { recursive: true, force: true });
    },
  };
}

/**
 * Runs `node scripts/<script> …args` of this project; returns its exit status and output. A run
 * still going after `timeoutMs` is killed and says so in `stderr` (its status is then null): on
 * a CI machine loaded by the rest of the run, six Redocly builds once took over two minutes.
 */
export function runScript(
  script: string,
  args: string[],
  timeoutMs = 240_000,
): { status: number | null; stdout: string; stderr: string } {
  const result = spawnSync(process.execPath, [join(PROJECT, 'scripts', script), ...args], {
    encoding: 'utf8',
    env: cleanEnv(),
    timeout: timeoutMs,
  });
  const killed = result.status === null ? `\n${script} killed (${result.signal}) after ${timeoutMs / 1000} s` : '';
  return { status: result.status, stdout: result.stdout, stderr: result.stderr + killed };
}
