// Reads openapi/commerce/openapi.yaml for the contract tests: each operation's arguments
// built from the contract's examples and required parameters, and the answer it declares.
import { join } from 'node:path';
import { root } from '../../scripts/lib/prism.mjs';
import type { CommerceOperation } from '../../src/commerce/index.ts';
import { readContract, resolveRef } from '../../scripts/contract/contracts.mjs';
import { EXCLUDED_TAGS } from '../../scripts/generators/commerce.mjs';

type Node = Record<string, unknown>;
const doc = readContract(join(root, 'openapi', 'commerce', 'openapi.yaml')) as Node;

/** Follows local `$ref`s to the node they name. */
function resolve<T = Node>(node: unknown): T {
  return resolveRef(doc, node) as T;
}

interface Parameter {
  name: string;
  in: string;
  required?: boolean;
  example?: unknown;
  schema?: { type?: string; enum?: unknown[]; minimum?: number };
}
interface Media {
  example?: unknown;
  examples?: Record<string, unknown>;
}
interface Operation {
  parameters?: unknown[];
  requestBody?: { content: Record<string, Media> };
  responses: Record<string, { content?: Record<string, Media> }>;
}

/** The contract's operation object for a table row. */
export function specOf(row: CommerceOperation): Operation {
  const [method, path] = row;
  return resolve<Node>((doc.paths as Node)[path])[method.toLowerCase()] as Operation;
}

function exampleOf(media: Media | undefined): unknown {
  if (!media) return undefined;
  if (media.example !== undefined) return media.example;
  const first = Object.values(media.examples ?? {})[0];
  return first === undefined ? undefined : resolve<{ value: unknown }>(first).value;
}

function sample(parameter: Parameter): unknown {
  const { schema = {} } = parameter;
  if (parameter.example !== undefined) return parameter.example;
  if (schema.enum) return schema.enum[0];
  if (schema.type === 'integer' || schema.type === 'number') return schema.minimum ?? 1;
  if (schema.type === 'boolean') return true;
  return `${parameter.name}-1`;
}

/** The positional arguments of an operation: path examples, the body example, required query parameters. */
export function argsFor(row: CommerceOperation, extraOptions: Record<string, unknown> = {}): unknown[] {
  const [, , names, hasBody, query] = row;
  const op = specOf(row);
  const params = (op.parameters ?? []).map((p) => resolve<Parameter>(p));
  const args: unknown[] = names.map((name) => sample(params.find((p) => p.in === 'path' && p.name === name)!));
  if (hasBody) args.push(exampleOf(op.requestBody?.content['application/json']));
  if (query.length) {
    const required = params.filter((p) => p.in === 'query' && p.required).map((p) => [p.name, sample(p)]);
    const extras = Object.entries(extraOptions).filter(([key]) => query.includes(key));
    args.push(Object.fromEntries([...required, ...extras]));
  }
  return args;
}

/** The success status the contract declares and the body example it answers with (`undefined` for 204). */
export function answerOf(row: CommerceOperation): { status: number; body: unknown } {
  const [code, response] = Object.entries(specOf(row).responses).find(([status]) => /^2/.test(status))!;
  return {
    status: Number(code),
    body: exampleOf(resolve<{ content?: Record<string, Media> }>(response).content?.['application/json']),
  };
}

/**
 * How many operations the contract declares with a tag of the facade: all of them but the token
 * endpoint's (`Auth`, which the generator leaves out of the facade and the hooks).
 */
export function contractOperationCount(): number {
  const facade = (op: unknown) => op && !(op as { tags?: string[] }).tags?.some((tag) => EXCLUDED_TAGS.includes(tag));
  return Object.values(doc.paths as Node).reduce<number>(
    (sum, item) => sum + ['get', 'post', 'put', 'patch', 'delete'].filter((m) => facade((item as Node)[m])).length,
    0,
  );
}
