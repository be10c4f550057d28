export { createCommerceApi, createCommerceClient, type CommerceClient, type CommerceResource } from './client.ts';
export { createCommerceTransport, serializeQuery, type CommerceClientOptions, type CommerceInit } from './transport.ts';
export { commerceQueryKey, type CommerceCacheIdentity } from './queryKey.ts';
export { createGuestTokenSource, type GuestTokenOptions, type GuestTokenSource } from './guestToken.ts';
export {
  commerceEnvironments,
  commerceRegionNames,
  commerceRegions,
  resolveCommerceBaseUrl,
  type CommerceEnvironment,
  type CommerceHosts,
  type CommerceLocation,
  type CommerceRegion,
} from './regions.ts';
export {
  CommerceError,
  commerceErrorCodes,
  describeCommerceError,
  isOrderCloudError,
  OrderCloudError,
  type CommerceErrorBody,
  type CommerceErrorCode,
  type CommerceErrorEntry,
} from './errors.ts';
export { ApiError, isApiError } from '../core/errors.ts';
export type {
  Answer,
  FieldList,
  Filters,
  FilterValue,
  ListOptions,
  OperationId,
  PatchBody,
  PathParam,
  QueryOptions,
  RequestBody,
  RequestOptions,
  TokenSource,
} from './types.ts';
export type { CommerceOperations } from '../../generated/commerce/operationTypes.ts';
export {
  commerceOperations,
  type CommerceOperation,
  type CommerceOperationTable,
} from '../../generated/commerce/operations.ts';
export type { components as CommerceComponents, paths as CommercePaths } from '../../generated/commerce/schema.d.ts';
