export { createCommerceClient, type CommerceClient, type CommerceResource } from './createCommerceClient.ts';
export { createCommerceTransport, type CommerceClientOptions, type CommerceInit } from './createCommerceTransport.ts';
export { createCommerceApi } from './createCommerceApi.ts';
export { commerceQueryKey, type CommerceCacheIdentity } from './commerceQueryKey.ts';
export { resolveCommerceBaseUrl, type CommerceLocation } from './resolveCommerceBaseUrl.ts';
export {
  commerceEnvironments,
  commerceRegionNames,
  commerceRegions,
  type CommerceEnvironment,
  type CommerceHosts,
  type CommerceRegion,
} from './commerceRegions.ts';
export { serializeQuery } from './serializeQuery.ts';
export {
  CommerceError,
  describeCommerceError,
  isOrderCloudError,
  OrderCloudError,
  type CommerceErrorBody,
  type CommerceErrorCode,
  type CommerceErrorEntry,
} from './commerceErrors.ts';
export { ApiError, isApiError } from '../core/ApiError.ts';
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
export { commerceOperations, type CommerceOperation, type CommerceOperationTable } from '../../generated/commerce/operations.ts';
export type { components as CommerceComponents, paths as CommercePaths } from '../../generated/commerce/schema.d.ts';
