// The change report (`npm run contract:diff`, and the summary after `npm run generate`)
// on throwaway git histories of fixture contracts.
import { afterEach, describe, expect, it } from 'vitest';
import { contractChanges, formatChangeReport, type ChangeReport } from '../../../scripts/contract/diff.mjs';
import { fixture, fixtureRepo, runScript, type FixtureRepo } from './fixtureRepo.ts';

const CONTRACT = 'openapi/widgets/openapi.yaml';
const repos: FixtureRepo[] = [];

function repoWith(files: Record<string, string>): FixtureRepo {
  const repo = fixtureRepo();
  repos.push(repo);
  for (const [path, text] of Object.entries(files)) repo.write(path, text);
  repo.commit('contracts');
  return repo;
}

const diff = (repo: FixtureRepo, ...args: string[]) => runScript('contract-diff.mjs', ['--root', repo.root, ...args]);

afterEach(() => {
  for (const repo of repos.splice(0)) repo.cleanup();
});

describe('contract:diff', () => {
  it('prints a table of the changed operations with their classes', () => {
    const repo = repoWith({ [CONTRACT]: fixture('widgets/base.yaml') });
    repo.write(
      CONTRACT,
      fixture('widgets/removed-operation.yaml').replace(
        'required: false\n          schema:\n            type: string',
        'required: true\n          schema:\n            type: string',
      ),
    );
    const result = diff(repo);
    expect(result.status).toBe(0);
    const lines = result.stdout.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^Contract changes against HEAD \([0-9a-f]{7}\):$/);
    expect(lines[1]).toBe('widgets: operations 1 removed, 1 changed; changes 2 breaking, 1 annotation');
    expect(lines.slice(2, 5).map((line) => line.trim().split(/\s{2,}/))).toEqual([
      ['Operation', 'Endpoint', 'Change', 'Class'],
      ['listWidgets', 'GET /widgets', 'query parameter `region` made required', 'breaking'],
      ['deleteWidget', 'DELETE /widgets/{id}', 'operation removed', 'breaking'],
    ]);
    expect(lines[5]?.trim().split(/\s{2,}/)).toEqual([
      '(document)',
      '`info.description` `A small contract the contract-tools tests cha…` → `The base contract without the deleteWidget op…`',
      'annotation',
    ]);
  });

  it('gives the same report as JSON with --json', () => {
    const repo = repoWith({ [CONTRACT]: fixture('widgets/base.yaml') });
    repo.write(CONTRACT, fixture('widgets/optional-param.yaml'));
    const result = diff(repo, '--json');
    const report = JSON.parse(result.stdout) as ChangeReport;
    expect(report.base).toBe('HEAD');
    expect(report.commit).toMatch(/^[0-9a-f]{40}$/);
    expect(report.apis).toHaveLength(1);
    expect(report.apis[0]).toMatchObject({
      api: 'widgets',
      status: 'changed',
      counts: { 'non-breaking': 1, breaking: 0, changed: 1 },
    });
    expect(report.apis[0]?.operations[0]).toMatchObject({
      operationId: 'listWidgets',
      type: 'non-breaking',
      changes: [{ description: 'query parameter `page` added (optional)' }],
    });
  });

  it('compares with any revision given by --base and says when nothing changed', () => {
    const repo = repoWith({ [CONTRACT]: fixture('widgets/base.yaml') });
    repo.write(CONTRACT, fixture('widgets/required-param.yaml'));
    repo.commit('region required');
    expect(diff(repo).stdout).toContain('unchanged: widgets');
    expect(diff(repo, '--base', 'HEAD~1').stdout).toContain(
      'widgets: operations 1 changed; changes 1 breaking, 1 annotation',
    );
  });

  it('lists every operation of a contract that is new since the base as added', () => {
    const repo = repoWith({ 'README.md': 'no contracts yet\n' });
    repo.write(CONTRACT, fixture('widgets/base.yaml'));
    repo.commit('first contract');
    const result = diff(repo, '--base', 'HEAD~1');
    expect(result.stdout).toContain('widgets: new contract: 4 operations added');
    expect(result.stdout.match(/operation added {2}non-breaking/g)).toHaveLength(4);
  });

  it('reports a deleted contract as every operation removed', () => {
    const repo = repoWith({ [CONTRACT]: fixture('widgets/base.yaml') });
    repo.remove('openapi/widgets');
    expect(diff(repo).stdout).toContain('widgets: contract removed: 4 operations removed (breaking)');
  });

  it('bundles a contract that $refs a sibling file, at the base and in the work tree', () => {
    const split = 'openapi/gadgets';
    const repo = repoWith({
      [`${split}/openapi.yaml`]: fixture('split/v1/openapi.yaml'),
      [`${split}/schemas.yaml`]: fixture('split/v1/schemas.yaml'),
    });
    repo.write(`${split}/schemas.yaml`, fixture('split/v2/schemas.yaml'));
    const result = diff(repo);
    expect(result.stdout).toContain('gadgets: operations 1 changed; changes 1 breaking, 1 non-breaking');
    expect(result.stdout).toMatch(
      /listGadgets +GET \/gadgets +query parameter `kind`: enum value `actuator` removed +breaking/,
    );
  });

  it('says why and exits 0 when there is nothing to compare with', () => {
    const folder = fixtureRepo({ git: false });
    repos.push(folder);
    folder.write(CONTRACT, fixture('widgets/base.yaml'));
    const outside = diff(folder);
    expect(outside.stdout.trim()).toBe(
      `Contract change report skipped: ${folder.root} is not a git work tree (an exported tarball?), so there is no HEAD to compare with.`,
    );
    expect(outside.status).toBe(0);
    const repo = repoWith({ [CONTRACT]: fixture('widgets/base.yaml') });
    const noParent = diff(repo, '--base', 'HEAD~1');
    expect(noParent.stdout).toContain('Contract change report skipped: HEAD~1 is not a commit of this repository');
    expect(noParent.status).toBe(0);
  });

  it('prints a compact summary for npm run generate: no annotation rows, new contracts on one line', async () => {
    const repo = repoWith({ [CONTRACT]: fixture('widgets/base.yaml') });
    repo.write(CONTRACT, fixture('widgets/annotation.yaml'));
    repo.write('openapi/gadgets/openapi.yaml', fixture('split/v1/openapi.yaml'));
    repo.write('openapi/gadgets/schemas.yaml', fixture('split/v1/schemas.yaml'));
    const report = await contractChanges({ root: repo.root });
    const text = formatChangeReport(report, { compact: true });
    expect(text.split('\n').slice(1)).toEqual([
      'gadgets: new contract: 1 operation added',
      'widgets: operations 3 changed; changes 5 annotation',
    ]);
    expect(formatChangeReport(report)).toContain('`summary` `One widget` → `One widget by id`');
  });
});
