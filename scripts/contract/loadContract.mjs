// Reads one contract file into a plain object, bundling it first when it $refs other files.
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { bundleContract } from './bundleContract.mjs';

/** True when `node` holds a `$ref` that points outside its own document. */
export function hasExternalRefs(node) {
  if (Array.isArray(node)) return node.some(hasExternalRefs);
  if (!node || typeof node !== 'object') return false;
  if (typeof node.$ref === 'string' && !node.$ref.startsWith('#')) return true;
  return Object.values(node).some(hasExternalRefs);
}

/** Parses a contract's text (YAML or JSON); throws naming `name` when it is not an object. */
export function parseContract(text, name) {
  const doc = parse(text, { maxAliasCount: -1 });
  if (!doc || typeof doc !== 'object' || Array.isArray(doc)) {
    throw new Error(`${name} is not an OpenAPI document (expected a YAML or JSON object)`);
  }
  return doc;
}

/**
 * Loads the contract at `file`: parsed as is when self-contained, bundled with
 * Redocly when it references sibling files. `text` skips the read when the
 * caller already has the file's content.
 */
export async function loadContract(file, text = readFileSync(file, 'utf8')) {
  const doc = parseContract(text, file);
  return hasExternalRefs(doc) ? bundleContract(file) : doc;
}
