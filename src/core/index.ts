export { ApiError, isApiError, type ErrorDetails } from './ApiError.ts';
export { createTransport, abortAfter, KEEPALIVE_MAX_BYTES, type Deadline, type Transport, type TransportInit, type TransportOptions, type RequestInfo } from './transport.ts';
export { readBody } from './readBody.ts';
export { orvalRequest, type RequestOptions } from './orvalRequest.ts';
export { safeLinkTarget, sameOriginPath } from './urlGuard.ts';
export { scheduler, setTimerProvider, debounce, type TimerProvider, type TimerHandle, type Debounced } from './scheduler.ts';
export { CodedError, isCodedError } from './errors.ts';
