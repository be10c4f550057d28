import { buildCustomEvent } from './buildCustomEvent.ts';
import { EngageError } from './EngageError.ts';
import { flattenObject } from './flattenObject.ts';
import { inferLanguage } from './inferLanguage.ts';
import { isObject } from './isObject.ts';
import { QUEUE_KEY } from './QUEUE_KEY.ts';
import { request } from './request.ts';
import { resolvePointOfSale } from './resolvePointOfSale.ts';

/**
 * The SDK's own code that its on-demand modules (`onDemand`, `createBrowserId`,
 * `initError`, `loadWebPersonalization`) use. They get it as an argument and import only
 * types: esbuild moves every module shared between the entry and an `import()`ed module
 * into a chunk of its own, so importing it would add a file that every page fetches
 * before the SDK can start (about 800 B gzip more when this was measured). The keys are
 * short because each is written out in that first file.
 */
export const lazyKit = {
  build: buildCustomEvent,
  EngageError,
  flatten: flattenObject,
  language: inferLanguage,
  isObject,
  queueKey: QUEUE_KEY,
  request,
  pointOfSale: resolvePointOfSale,
};

/** The type of {@link lazyKit}. */
export type LazyKit = typeof lazyKit;
