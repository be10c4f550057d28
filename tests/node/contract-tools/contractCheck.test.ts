// The breaking-change gate (`npm run contract:check`) on throwaway git histories of a fixture contract.
import { afterEach, describe, expect, it } from 'vitest';
import { checkContracts } from '../../../scripts/contract/check.mjs';
import { fixture, fixtureRepo, runScript, type FixtureRepo } from './fixtureRepo.ts';

const CONTRACT = 'openapi/widgets/openapi.yaml';
const CHANGELOG = 'openapi/widgets/CHANGELOG.md';
const repos: FixtureRepo[] = [];

/** A repository whose last commit holds the base widgets contract and whose work tree holds `variant`. */
function changedTo(variant: string, { changelogAtBase }: { changelogAtBase?: string } = {}): FixtureRepo {
  const repo = fixtureRepo();
  repos.push(repo);
  repo.write(CONTRACT, fixture('widgets/base.yaml'));
  if (changelogAtBase) repo.write(CHANGELOG, changelogAtBase);
  repo.commit('widgets contract');
  repo.write(CONTRACT, fixture(`widgets/${variant}.yaml`));
  return repo;
}

const check = (repo: FixtureRepo, ...args: string[]) => runScript('contract-check.mjs', ['--root', repo.root, ...args]);

afterEach(() => {
  for (const repo of repos.splice(0)) repo.cleanup();
});

describe('contract:check', () => {
  it('passes a non-breaking change', () => {
    const result = check(changedTo('optional-param'));
    expect(result.stdout).toMatch(/^contract:check against HEAD \([0-9a-f]{7}\): no breaking contract changes\.$/m);
    expect(result.status).toBe(0);
  });

  it('fails an unacknowledged breaking change, naming it and saying how to acknowledge it', () => {
    const result = check(changedTo('required-param'));
    expect(result.status).toBe(1);
    expect(result.stdout).toContain('unacknowledged breaking contract changes.');
    expect(result.stdout).toContain(
      `widgets: 1 breaking, 0 acknowledged by ${CHANGELOG} (no CHANGELOG.md next to the contract)`,
    );
    expect(result.stdout).toContain('✖ listWidgets GET /widgets: query parameter `region` made required');
    expect(result.stdout).toContain('BREAKING: <operationId>');
    expect(result.stdout).toContain('--allow-breaking');
  });

  it('passes once the newest changelog entry names each breaking change', () => {
    const repo = changedTo('removed-enum');
    repo.write(
      CHANGELOG,
      '# widgets\n\n## 2.0.0: no more drafts\nBREAKING: listWidgets the draft filter is gone\nBREAKING: POST /widgets drafts cannot be created\n',
    );
    const result = check(repo);
    expect(result.stdout).toContain('every breaking change is acknowledged.');
    expect(result.stdout).toContain(
      '✓ createWidget POST /widgets: request body (application/json) `status`: enum value `draft` removed',
    );
    expect(result.status).toBe(0);
  });

  it('fails when the changelog acknowledges only some of the breaking changes', () => {
    const repo = changedTo('removed-enum');
    repo.write(CHANGELOG, '## 2.0.0\nBREAKING: listWidgets\nBREAKING: getWidgets (a typo)\n');
    const result = check(repo);
    expect(result.status).toBe(1);
    expect(result.stdout).toContain('✓ listWidgets GET /widgets');
    expect(result.stdout).toContain('✖ createWidget POST /widgets');
    expect(result.stdout).toContain('note: "BREAKING: getWidgets (a typo)" names no breaking change of this contract');
  });

  it('does not accept an entry that was already in the changelog at the base', () => {
    const repo = changedTo('removed-operation', { changelogAtBase: '## 1.0.0\nBREAKING: deleteWidget\n' });
    const result = check(repo);
    expect(result.status).toBe(1);
    expect(result.stdout).toContain(
      'the newest CHANGELOG.md entry "## 1.0.0" was already there at the base; add a new entry',
    );
  });

  it('lets breaking changes through with --allow-breaking, still listing them', () => {
    const result = check(changedTo('removed-operation'), '--allow-breaking');
    expect(result.stdout).toContain('unacknowledged breaking changes let through by --allow-breaking.');
    expect(result.stdout).toContain('✖ deleteWidget DELETE /widgets/{id}: operation removed');
    expect(result.status).toBe(0);
  });

  it('catches a break committed in the last commit when run against HEAD~1, as CI does', () => {
    const repo = changedTo('narrowed-response');
    repo.commit('narrow the weight');
    expect(check(repo).status).toBe(0);
    const result = check(repo, '--base', 'HEAD~1');
    expect(result.status).toBe(1);
    expect(result.stdout).toContain(
      '✖ getWidget GET /widgets/{id}: response 200 (application/json) `weight`: type `number` → `integer`',
    );
  });

  it('exits 0 with the reason when there is no previous commit', () => {
    const repo = changedTo('removed-operation');
    repo.commit('only commit but one');
    const result = check(repo, '--base', 'HEAD~5');
    expect(result.stdout.trim()).toBe(
      'contract:check skipped: HEAD~5 is not a commit of this repository (no previous commit, or a shallow clone), so there is nothing to compare with.',
    );
    expect(result.status).toBe(0);
  });

  it('exits 0 with the reason outside a git work tree (an exported tarball)', () => {
    const folder = fixtureRepo({ git: false });
    repos.push(folder);
    folder.write(CONTRACT, fixture('widgets/removed-operation.yaml'));
    const result = check(folder, '--base', 'HEAD~1');
    expect(result.stdout.trim()).toBe(
      `contract:check skipped: ${folder.root} is not a git work tree (an exported tarball?), so there is no HEAD~1 to compare with.`,
    );
    expect(result.status).toBe(0);
  });

  it('skips, rather than fails, when git is not installed', async () => {
    const repo = changedTo('removed-operation');
    const result = await checkContracts({ root: repo.root, git: '/nonexistent/git' });
    expect(result).toEqual({
      ok: true,
      base: 'HEAD',
      skipped: 'git is not installed, so there is no HEAD to compare with',
      apis: [],
    });
  });

  it('rejects unknown options with the usage', () => {
    const result = runScript('contract-check.mjs', ['--bsae', 'HEAD~1']);
    expect(result.status).toBe(2);
    expect(result.stderr).toContain(
      'usage: npm run contract:check -- [--base <git ref>] [--allow-breaking] [--json] [--root <dir>]',
    );
  });
});
