import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { root } from '../../scripts/lib/prism.mjs';

// Inside the project, so the fixture's `vitest` import resolves from node_modules.
mkdirSync(join(root, 'node_modules', '.cache'), { recursive: true });
const dir = mkdtempSync(join(root, 'node_modules', '.cache', 'flaky-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the CI log of a test that passed on its retry', () => {
  it('says why its first try failed, and nothing for a test that passed at once', () => {
    writeFileSync(
      join(dir, 'fixture.test.ts'),
      `import { expect, it } from 'vitest';
let tries = 0;
it('shows the consent banner', () => {
  tries += 1;
  expect(tries, 'the banner was not there yet').toBe(2);
});
it('passes at once', () => expect(1).toBe(1));
`,
    );
    writeFileSync(
      join(dir, 'vitest.config.mjs'),
      `export default { test: { include: ['fixture.test.ts'], retry: 1, reporters: ['default', ${JSON.stringify(
        join(root, 'tests', 'support', 'flakyReporter.ts'),
      )}] } };\n`,
    );
    const run = spawnSync(join(root, 'node_modules', '.bin', 'vitest'), ['run', '--config', 'vitest.config.mjs'], {
      cwd: dir,
      encoding: 'utf8',
      env: { ...process.env, CI: '', NO_COLOR: '1', FORCE_COLOR: '0' },
      timeout: 120_000,
    });
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toContain('Passed on retry: shows the consent banner (fixture.test.ts)');
    expect(run.stdout).toMatch(/first try: AssertionError: the banner was not there yet: expected 1 to be 2/);
    expect(run.stdout).toMatch(/fixture\.test\.ts:5/);
    expect(run.stdout).not.toContain('Passed on retry: passes at once');
  });
});
