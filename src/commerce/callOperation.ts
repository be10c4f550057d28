import type { Transport } from '../core/transport.ts';
import { readBody } from '../core/readBody.ts';
import type { CommerceOperation } from '../../generated/commerce/operations.ts';
import type { CommerceInit } from './createCommerceTransport.ts';
import type { RequestOptions } from './types.ts';

function pathValue(id: string, names: readonly string[], name: string, args: readonly unknown[]): string {
  const index = names.indexOf(name);
  const value = args[index];
  if ((typeof value !== 'string' && typeof value !== 'number') || value === '') {
    throw new TypeError(
      `${id}: path parameter "${name}" (argument ${index + 1}) must be a non-empty string, got ${value === '' ? "''" : String(value)}`,
    );
  }
  return encodeURIComponent(value);
}

/**
 * Sends one operation of the table with the official SDK's positional arguments (path
 * parameters, body, options, request options) and resolves to the parsed answer
 * (`undefined` for a 204). `impersonate` is decided by the caller before the first await.
 */
export async function callOperation(
  transport: Transport,
  id: string,
  operation: CommerceOperation,
  args: readonly unknown[],
  impersonate: boolean,
): Promise<unknown> {
  const [method, template, names, hasBody, query] = operation;
  const path = template.replace(/\{(\w+)\}/g, (_m, name: string) => pathValue(id, names, name, args));
  let next = names.length;
  const body = hasBody ? args[next++] : undefined;
  const options = query.length ? ((args[next++] ?? {}) as object) : undefined;
  const request = (args[next] ?? {}) as RequestOptions;
  const init: CommerceInit = {
    method,
    query: options,
    impersonate,
    accessToken: request.accessToken,
    signal: request.signal,
    timeoutMs: request.timeoutMs,
  };
  // Bodyless POST/PUT operations send no body at all, not `{}`.
  if (body !== undefined) init.body = JSON.stringify(body);
  const answer = await readBody(await transport(path, init));
  return answer ?? undefined;
}
