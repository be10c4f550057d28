export { ApiError, isApiError, CodedError, isCodedError, redactUrl, type ErrorDetails } from './errors.ts';
export {
  createTransport,
  readBody,
  abortAfter,
  KEEPALIVE_MAX_BYTES,
  type Deadline,
  type Transport,
  type TransportInit,
  type TransportOptions,
  type RequestInfo,
} from './transport.ts';
export { orvalRequest, type OrvalRequestOptions } from './orvalRequest.ts';
export { safeLinkTarget, sameOriginPath } from './urlGuard.ts';
export {
  scheduler,
  setTimerProvider,
  debounce,
  type TimerProvider,
  type TimerHandle,
  type Debounced,
} from './scheduler.ts';
