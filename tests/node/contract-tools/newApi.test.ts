// Adding an API is its contract (plus, for `npm run mock`'s fixed ports, one row): a copy of the
// project given a throwaway contract `openapi/demo/` has every tool take it as it is, with no list
// of APIs to extend. Each tool runs from the copy, so it reads the copy's openapi/ folder.
import { execFile } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GENERATE_READS } from '../../../scripts/check-generated.mjs';
import { cleanEnv, fixture, fixtureRepo, PROJECT, type FixtureRepo } from './fixtureRepo.ts';

const run = promisify(execFile);
let copy: FixtureRepo;

/** Runs `node scripts/<script> …args` of the copy, in the copy; resolves what it printed. */
async function script(name: string, ...args: string[]): Promise<string> {
  const { stdout, stderr } = await run(process.execPath, [join(copy.root, 'scripts', name), ...args], {
    cwd: copy.root,
    env: cleanEnv(),
    maxBuffer: 64 << 20,
  });
  return stdout + stderr;
}

beforeAll(() => {
  copy = fixtureRepo();
  // What `npm run generate` reads (as scripts/check-generated.mjs copies it), without the six contracts.
  for (const entry of GENERATE_READS) cpSync(join(PROJECT, entry), join(copy.root, entry), { recursive: true });
  copy.write('.gitignore', 'node_modules\n');
  symlinkSync(join(PROJECT, 'node_modules'), join(copy.root, 'node_modules'), 'dir');
  mkdirSync(join(copy.root, 'openapi'));
  copy.commit('the project without the demo API');
  copy.write('openapi/demo/openapi.yaml', fixture('demo/openapi.yaml'));
});

afterAll(() => copy?.cleanup());

describe('a new contract in openapi/', () => {
  it('is linted', async () => {
    expect(await script('lint-contracts.mjs')).toMatch(/openapi\/demo\/openapi\.yaml: validated/);
  }, 60_000);

  it('is generated with every API, hooks and zod schemas alike; a name without a contract is refused naming it', async () => {
    // Its summary diffs the new contract against HEAD, too.
    expect(await script('generate.mjs')).toMatch(
      /^demo: schema\.d\.ts, 1 hook files, \d+ model files, 1 zod files[\s\S]*^demo: new contract: 1 operation added/m,
    );
    const hooks = readFileSync(join(copy.root, 'generated/demo/hooks/gauges/gauges.ts'), 'utf8');
    expect(hooks).toContain('export function useGaugesGet<');
    expect(existsSync(join(copy.root, 'generated/demo/zod/gauges/gauges.ts'))).toBe(true);
    // Names given to generate are checked against the same list (before: `Unknown API "demo"`).
    await expect(script('generate.mjs', 'nope')).rejects.toMatchObject({
      code: 2,
      stderr: 'Unknown API "nope": expected one of demo\n',
    });
  }, 120_000);

  it('is diffed against the last commit', async () => {
    expect(await script('contract-diff.mjs')).toMatch(
      /^demo: new contract: 1 operation added\n.*\n {2}Gauges\.Get +GET \/gauges\/\{gaugeId\} +operation added +non-breaking$/m,
    );
  }, 60_000);

  it('gets its reference page in the docs', async () => {
    const out = join(copy.root, 'dist', 'docs');
    expect(await script('docs.mjs', '--out', out)).toMatch(/^demo: .*demo\.html \(1 operations/m);
    expect(readFileSync(join(out, 'index.html'), 'utf8')).toContain('demo.html');
  }, 120_000);

  it('is mocked on a free port, and npm run mock names the row its fixed port needs', async () => {
    const { startMocks } = await import(join(copy.root, 'scripts', 'mock.mjs'));
    const { freePort } = await import(join(copy.root, 'scripts', 'lib', 'prism.mjs'));
    await expect(startMocks()).rejects.toThrow(
      'No mock port for API "demo": add a row `demo: <port>` to MOCK_PORTS in scripts/lib/apis.mjs',
    );
    const port: number = await freePort();
    const mocks = await startMocks({ ports: { demo: port }, errors: true });
    try {
      const answer = await fetch(`http://127.0.0.1:${port}/gauges/g-1`);
      expect(answer.status).toBe(200);
      expect(await answer.json()).toEqual({ id: 'g-1', name: 'Altimeter' });
    } finally {
      await mocks.stop();
    }
  }, 60_000);

  it('has its QA scenarios listed', async () => {
    const { loadScenarioCatalogue } = await import(join(copy.root, 'scripts', 'lib', 'mockScenarios.mjs'));
    expect(Object.keys(await loadScenarioCatalogue())).toEqual(['demo']);
  });
});
