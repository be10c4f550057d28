// The classification of contract changes, on two versions of a small fixture contract.
import { describe, expect, it } from 'vitest';
import { parseContract } from '../../../scripts/contract/contracts.mjs';
import { diffContracts, type OperationChanges } from '../../../scripts/contract/diff.mjs';
import { fixture } from './fixtureRepo.ts';

const load = (name: string) => parseContract(fixture(`widgets/${name}.yaml`), name);
const base = load('base');

function operation(ops: OperationChanges[], operationId: string): OperationChanges {
  const found = ops.find((op) => op.operationId === operationId);
  if (!found) throw new Error(`no change listed for ${operationId}: ${ops.map((op) => op.operationId).join(', ')}`);
  return found;
}

const breakingIn = (ops: OperationChanges[]) =>
  ops.flatMap((op) =>
    op.changes.filter((c) => c.type === 'breaking').map((c) => `${op.operationId}: ${c.description}`),
  );

describe('diffContracts', () => {
  it('lists nothing when the contract did not change', () => {
    expect(diffContracts(base, load('base'))).toEqual({ operations: [], document: [] });
  });

  it('classifies an added optional parameter as non-breaking', () => {
    const { operations } = diffContracts(base, load('optional-param'));
    expect(operations).toHaveLength(1);
    expect(operation(operations, 'listWidgets')).toMatchObject({
      method: 'GET',
      path: '/widgets',
      change: 'changed',
      type: 'non-breaking',
      changes: [
        {
          type: 'non-breaking',
          action: 'add',
          description: 'query parameter `page` added (optional)',
          pointer: '/paths/~1widgets/get/parameters/2',
        },
      ],
    });
  });

  it('classifies a removed operation as breaking', () => {
    const { operations } = diffContracts(base, load('removed-operation'));
    expect(operations).toEqual([
      expect.objectContaining({
        operationId: 'deleteWidget',
        method: 'DELETE',
        path: '/widgets/{id}',
        change: 'removed',
        type: 'breaking',
      }),
    ]);
    expect(operations[0]?.changes[0]?.description).toBe('operation removed');
  });

  it('classifies a parameter that became required as breaking', () => {
    const { operations } = diffContracts(base, load('required-param'));
    expect(breakingIn(operations)).toEqual(['listWidgets: query parameter `region` made required']);
  });

  it('classifies a new required parameter as breaking', () => {
    const after = structuredClone(base) as { paths: Record<string, Record<string, { parameters: object[] }>> };
    after.paths['/widgets']!.get!.parameters.push({
      name: 'tenant',
      in: 'header',
      required: true,
      schema: { type: 'string' },
    });
    expect(breakingIn(diffContracts(base, after).operations)).toEqual([
      'listWidgets: header parameter `tenant` added (required)',
    ]);
  });

  it('classifies a removed enum value as breaking where callers send it, not where they only read it', () => {
    const { operations } = diffContracts(base, load('removed-enum'));
    expect(breakingIn(operations)).toEqual([
      'listWidgets: query parameter `status`: enum value `draft` removed',
      'createWidget: request body (application/json) `status`: enum value `draft` removed',
    ]);
    const readOnly = operation(operations, 'getWidget');
    expect(readOnly.type).toBe('non-breaking');
    expect(readOnly.changes.map((c) => c.description)).toEqual([
      'response 200 (application/json) `status`: enum value `draft` removed',
    ]);
  });

  it('classifies a narrowed response type as breaking in every operation that returns it', () => {
    const { operations } = diffContracts(base, load('narrowed-response'));
    expect(breakingIn(operations)).toEqual([
      'listWidgets: response 200 (application/json) `[].weight`: type `number` → `integer`',
      'createWidget: response 201 (application/json) `weight`: type `number` → `integer`',
      'getWidget: response 200 (application/json) `weight`: type `number` → `integer`',
    ]);
  });

  it('classifies reworded descriptions and changed examples as annotations', () => {
    const { operations, document } = diffContracts(base, load('annotation'));
    expect(operations.map((op) => op.type)).toEqual(['annotation', 'annotation', 'annotation']);
    expect(operation(operations, 'getWidget').changes.map((c) => c.description)).toContain(
      '`summary` `One widget` → `One widget by id`',
    );
    expect(document.map((c) => c.type)).toEqual(['annotation']);
    const withExamples = diffContracts(base, load('narrowed-response')).operations.flatMap((op) => op.changes);
    expect(withExamples.filter((c) => c.description.includes('examples changed')).map((c) => c.type)).toEqual([
      'annotation',
      'annotation',
      'annotation',
    ]);
  });

  it('lists every operation of a new contract as added and of a deleted one as removed', () => {
    const added = diffContracts(undefined, base);
    expect(added.operations.map((op) => [op.operationId, op.change, op.type])).toEqual([
      ['listWidgets', 'added', 'non-breaking'],
      ['createWidget', 'added', 'non-breaking'],
      ['getWidget', 'added', 'non-breaking'],
      ['deleteWidget', 'added', 'non-breaking'],
    ]);
    expect(added.document).toEqual([]);
    const removed = diffContracts(base, undefined);
    expect(removed.operations.map((op) => [op.operationId, op.change, op.type])).toEqual([
      ['listWidgets', 'removed', 'breaking'],
      ['createWidget', 'removed', 'breaking'],
      ['getWidget', 'removed', 'breaking'],
      ['deleteWidget', 'removed', 'breaking'],
    ]);
  });

  it('names parameters declared on the path item and changed by index', () => {
    const after = structuredClone(base) as { paths: Record<string, { parameters: Array<{ schema: object }> }> };
    after.paths['/widgets/{id}']!.parameters[0]!.schema = { type: 'string', format: 'uuid' };
    const { operations } = diffContracts(base, after);
    expect(operations.flatMap((op) => op.changes.map((c) => `${op.operationId}: ${c.description}`))).toEqual([
      'getWidget: path parameter `id`: `format` `uuid` added',
      'deleteWidget: path parameter `id`: `format` `uuid` added',
    ]);
  });
});

describe('describing a change inside a schema', () => {
  type Schema = { properties: Record<string, unknown>; required?: string[]; enum?: string[] };
  const schemasOf = (doc: object) => (doc as { components: { schemas: Record<string, Schema> } }).components.schemas;

  it('names the property through allOf wrappers and oneOf branches', () => {
    const before = structuredClone(base);
    schemasOf(before).Widget!.properties.status = {
      allOf: [{ $ref: '#/components/schemas/WidgetStatus' }],
      description: 'Lifecycle.',
    };
    schemasOf(before).Widget!.properties.size = { oneOf: [{ type: 'number' }, { type: 'string', maxLength: 8 }] };
    const after = structuredClone(before);
    schemasOf(after).WidgetStatus!.enum = ['active', 'draft'];
    (schemasOf(after).Widget!.properties.size as { oneOf: Array<Record<string, unknown>> }).oneOf[1]!.maxLength = 4;
    const changes = operation(diffContracts(before, after).operations, 'getWidget').changes.map((c) => c.description);
    expect(changes).toEqual([
      'response 200 (application/json) `status`: enum value `retired` removed',
      'response 200 (application/json) `size(oneOf 1)`: `maxLength` `8` → `4`',
    ]);
  });

  it('treats any change of a response type as breaking, and a property named `type` or `example` as data', () => {
    const after = structuredClone(base);
    schemasOf(after).Widget!.properties.weight = { type: 'string', description: 'Weight in kilograms.' };
    schemasOf(after).Widget!.properties.example = { type: 'boolean' };
    const changes = operation(diffContracts(base, after).operations, 'getWidget').changes;
    expect(changes.map((c) => [c.description, c.type])).toEqual([
      ['response 200 (application/json) `weight`: type `number` → `string`', 'breaking'],
      ['response 200 (application/json) property `example` added', 'non-breaking'],
    ]);
  });

  it('says which response property stopped being required', () => {
    const after = structuredClone(base);
    schemasOf(after).Widget!.required = ['id', 'name', 'status'];
    const changes = operation(diffContracts(base, after).operations, 'getWidget').changes;
    expect(changes.map((c) => [c.description, c.type])).toEqual([
      ['response 200 (application/json) `weight` no longer required', 'breaking'],
    ]);
  });
});
