export {
  createContentClient,
  type ComponentRendering,
  type ContentClient,
  type ContentOptions,
  type DictionaryData,
  type Field,
  type FieldMap,
  type GetRouteOptions,
  type HtmlElementRendering,
  type LayoutContext,
  type LayoutResult,
  type NestedComponentRendering,
  type PageMode,
  type RouteData,
  type RouteList,
} from './client.ts';
export { ApiError, isApiError } from '../core/errors.ts';
