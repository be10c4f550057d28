import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { contractApis } from '../../../scripts/lib/apis.mjs';
import { readContract } from '../../../scripts/contract/contracts.mjs';
import { root } from '../../../scripts/lib/prism.mjs';

// readContract keeps each contract's parsed form by the hash of its text (a test run reads the big
// contracts dozens of times): what it gives must be the YAML itself, never an earlier version of the
// file, and each caller's own copy.
const dir = mkdtempSync(join(tmpdir(), 'read-contract-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('readContract', () => {
  it.for(contractApis(root))('gives the %s contract exactly as its YAML parses', (api) => {
    const file = join(root, 'openapi', api, 'openapi.yaml');
    const parsed = parse(readFileSync(file, 'utf8'), { maxAliasCount: -1 });
    // Twice: the second read comes from the cache.
    expect(isDeepStrictEqual(readContract(file), parsed)).toBe(true);
    expect(isDeepStrictEqual(readContract(file), parsed)).toBe(true);
  });

  it('reads a contract again when its file changes, and gives every caller a copy of its own', () => {
    const file = join(dir, 'openapi.yaml');
    writeFileSync(file, 'openapi: 3.1.0\ninfo: { title: Demo, version: "1" }\npaths: {}\n');
    const first = readContract(file);
    expect(first.info.version).toBe('1');
    first.info.version = 'changed by a caller';
    expect(readContract(file).info.version).toBe('1');
    writeFileSync(file, 'openapi: 3.1.0\ninfo: { title: Demo, version: "2" }\npaths: {}\n');
    expect(readContract(file).info.version).toBe('2');
  });

  it('names the file that is no OpenAPI document', () => {
    const file = join(dir, 'list.yaml');
    writeFileSync(file, '- a\n- b\n');
    expect(() => readContract(file)).toThrow(`${file} is not an OpenAPI document (expected a YAML or JSON object)`);
  });
});
