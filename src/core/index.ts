export {
  ApiError,
  isApiError,
  CodedError,
  isCodedError,
  describeFailure,
  redactUrl,
  type ErrorDetails,
} from './errors.ts';
export {
  createTransport,
  composeTransport,
  composeReader,
  formBodies,
  keepaliveLimit,
  readBody,
  parseBody,
  abortAfter,
  KEEPALIVE_MAX_BYTES,
  type Deadline,
  type Transport,
  type Reader,
  type TransportInit,
  type TransportOptions,
  type RequestInfo,
  type Middleware,
  type OutgoingRequest,
} from './transport.ts';
export { orvalRequest, type OrvalRequestOptions } from './orvalRequest.ts';
export { safeLinkTarget, sameOriginPath } from './urlGuard.ts';
export {
  scheduler,
  scheduleTimeout,
  cancelTimeout,
  scheduleInterval,
  cancelInterval,
  setTimerProvider,
  debounce,
  type TimerProvider,
  type TimerHandle,
  type Debounced,
} from './scheduler.ts';
