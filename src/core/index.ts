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
  composeSender,
  formBodies,
  keepaliveLimit,
  readBody,
  parseBody,
  KEEPALIVE_MAX_BYTES,
  type Transport,
  type Reader,
  type Sender,
  type CoreOptions,
  type TransportInit,
  type TransportOptions,
  type RequestInfo,
  type Middleware,
  type OutgoingRequest,
} from './transport.ts';
export { abortAfter, type Deadline } from './deadline.ts';
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
