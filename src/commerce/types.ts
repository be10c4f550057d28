import type { operations } from '../../generated/commerce/schema.d.ts';

/** An operation of the commerce contract by its official name, e.g. `'Orders.List'`. */
export type OperationId = keyof operations;

/** A path parameter's type, as the contract declares it (e.g. the `direction` enum). */
export type PathParam<Id extends OperationId, Name extends string> = operations[Id]['parameters'] extends {
  path: infer P;
}
  ? Name extends keyof P
    ? P[Name]
    : never
  : never;

/** The JSON body of a POST or PUT operation. */
export type RequestBody<Id extends OperationId> = operations[Id] extends { requestBody?: infer B }
  ? NonNullable<B> extends { content: { 'application/json': infer J } }
    ? J
    : never
  : never;

/** The body of a PATCH operation: any subset of the entity's fields (sent as given, not JSON Patch). */
export type PatchBody<Id extends OperationId> = Partial<RequestBody<Id>>;

/** The JSON answer of an operation for its success status. */
export type Answer<Id extends OperationId, Status extends number> =
  operations[Id]['responses'] extends Record<Status, { content: { 'application/json': infer J } }> ? J : never;

/** A filter value: a scalar, an array (repeated keys, ANDed) or a nested object (dotted keys). Never `null`: use `'!*'`. */
export type FilterValue =
  string | number | boolean | Date | undefined | readonly (string | number | boolean | Date)[] | Filters;

/**
 * Free-form list filters. Each entry becomes query keys of its own, sent before the other
 * options: `{ ID: 'a*', xp: { Color: ['red', 'blue'] } }` → `ID=a*&xp.Color=red&xp.Color=blue`.
 */
export interface Filters {
  [key: string]: FilterValue;
}

/** Field names for `searchOn` / `sortBy`: an array (sent comma-joined) or one comma-separated string. */
export type FieldList = string | readonly string[];

/**
 * The options object of an operation: its query parameters as the contract declares them, with
 * `filters` as {@link Filters} and `searchOn` / `sortBy` as {@link FieldList}.
 */
export type QueryOptions<Id extends OperationId> = operations[Id]['parameters'] extends { query?: infer Q }
  ? {
      [K in keyof NonNullable<Q>]: K extends 'filters'
        ? Filters
        : K extends 'searchOn' | 'sortBy'
          ? FieldList
          : NonNullable<Q>[K];
    }
  : never;

/** The common list options of the official SDK (each list takes those its contract declares). */
export interface ListOptions {
  /** Word or phrase to search for. */
  search?: string;
  /** Fields to search on, sent comma-joined. */
  searchOn?: FieldList;
  /** How search terms match (only where the API has it). */
  searchType?: 'AnyTerm' | 'AllTermsAnyField' | 'AllTermsSameField' | 'ExactPhrase' | 'ExactPhrasePrefix';
  /** Fields to sort by, comma-joined; `!` sorts descending. */
  sortBy?: FieldList;
  /** Page to return, 1-based. */
  page?: number;
  /** Items per page, 1 to 100. */
  pageSize?: number;
  /** The previous page's `Meta.NextPageKey`, sent instead of `page`. */
  pageKey?: string;
  /** Free-form filters. */
  filters?: Filters;
}

/** Per-call options, the last argument of every operation. */
export interface RequestOptions {
  /** Send this call with this token; wins over the impersonation and main tokens. Defaults to none. */
  accessToken?: string;
  /** Cancels the call. Defaults to none. */
  signal?: AbortSignal;
  /** Abort this call after this many ms. Defaults to the client's `timeoutMs`. */
  timeoutMs?: number;
}

/** A token, or a function that returns the current one (possibly async; `undefined` when there is none). */
export type TokenSource = string | (() => string | null | undefined | Promise<string | null | undefined>);
