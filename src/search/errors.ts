import { CodedError } from '../core/errors.ts';

/**
 * Every message of the widget layer, exactly as the reference SDK words them.
 * Templates are functions so the wording lives in one place.
 */
export const searchMessages = Object.freeze({
  invalidCustomerKey: (customerKey: string) =>
    `Invalid customerKey: "${customerKey}". It should match the following pattern: (\\d+)-(\\d+). Example: 11111-2222222`,
  invalidEnv: (env: string) => `Invalid env: "${env}". Expected values: dev, staging, prod, uat, prodEu, apse2`,
  invalidCommerceRegion: (region: string) =>
    `Invalid commerceRegion: "${region}". Expected values: australiaEast, europeWest, japanEast, usEast, usWest, usWestQa`,
  missingApiKey: 'Invalid configuration: apiKey has not been set but not serviceHost provided',
  useTokenDeprecated: 'Parameter "useToken" has been deprecated',
  missingDiscoverDomainId: '{discoverDomainId} has not been provided.',
  noLoggedUser: 'Could not found an OrderCloud logged user.',
  noCommerceSdk: 'Could not import OrderCloud SDK.',
  alreadyWrapped: (entity: string) =>
    `Seems you are trying to wrap an already wrapped Widget component (entity: ${entity})`,
  invalidWidgetType: (type: string) => `Invalid widget type: "${type}"`,
  notFoundInResponse: (rfkId: string) => `Response processing error: could not find ${rfkId} in response`,
  serviceCallProblem: 'There was a problem on the service call',
  noDataProcessor: 'No data processor configured',
  invalidNumberOfArguments: 'Invalid number of arguments',
  invalidMapKey: (arg: unknown) => `Invalid map key argument: ${String(arg)}`,
  requestCanceled: 'Request canceled',
  trackPrefix: 'trackEvent :::',
  trackEntityFieldMissing: 'A field is missing on one or more of the items provided',
  trackIndexMissing: 'Field index is mandatory for widget click entity events and is having invalid/missing value',
  trackRfkIdEmpty: "Widget's rfkId mandatory field is empty",
  trackFilterNameMissing: "Filter's name is not defined",
  trackOrderIdMissing: 'Transaction orderId is not defined',
  trackReviewIdMissing: 'Review id is not defined',
  trackNameMissing: 'Event name is not defined',
  trackUserIncomplete: 'User information is empty or not complete',
  noProvider: 'No WidgetsProvider found: wrap your app in <WidgetsProvider>',
  noWidget: 'No widget found: wrap the component with widget(Component, type, entity)',
});

/** Every code a search error carries, and when it is thrown: the layer's one code table. */
export const searchErrorCodes = /* @__PURE__ */ Object.freeze({
  /** {@link SearchServiceError}: the search call answered with an error body, or not at all. */
  SERVICE_ERROR: 'SERVICE_ERROR',
  /** {@link WidgetRequestCanceledError}: a newer request of the widget replaced this one, or its caller aborted it. */
  REQUEST_CANCELED: 'REQUEST_CANCELED',
  /** The answer has no widget with the request's `rfk_id` and `entity`. */
  WIDGET_NOT_IN_RESPONSE: 'WIDGET_NOT_IN_RESPONSE',
  /** A batcher without a processor was asked for a widget. */
  NO_DATA_PROCESSOR: 'NO_DATA_PROCESSOR',
  /** `env` is not one of the six environments. */
  INVALID_ENV: 'INVALID_ENV',
  /** `customerKey` is not digits-dash-digits. */
  INVALID_CUSTOMER_KEY: 'INVALID_CUSTOMER_KEY',
  /** Neither `apiKey` nor `serviceHost` was given with a customer key. */
  MISSING_API_KEY: 'MISSING_API_KEY',
  /** The commerce connector was chosen without `discoverDomainId`. */
  MISSING_DISCOVER_DOMAIN_ID: 'MISSING_DISCOVER_DOMAIN_ID',
  /** `commerceRegion` is not one of the connector's six regions. */
  INVALID_COMMERCE_REGION: 'INVALID_COMMERCE_REGION',
  /** `serviceHost` or `baseUrl` is not an http(s) URL. */
  INVALID_URL: 'INVALID_URL',
  /** The connector has no identity-token getter, or the getter failed. */
  NO_COMMERCE_SDK: 'NO_COMMERCE_SDK',
  /** The connector's getter found nobody signed in. */
  NO_LOGGED_USER: 'NO_LOGGED_USER',
  /** A keyed request-builder accessor got no argument or more than two. */
  INVALID_NUMBER_OF_ARGUMENTS: 'INVALID_NUMBER_OF_ARGUMENTS',
  /** A keyed request-builder accessor got a key that is not a string. */
  INVALID_MAP_KEY: 'INVALID_MAP_KEY',
  /** A request-builder number (limit, offset, facet max) is out of range. */
  INVALID_RANGE: 'INVALID_RANGE',
  /** `widget()` got an unknown widget type. */
  INVALID_WIDGET_TYPE: 'INVALID_WIDGET_TYPE',
  /** `widget()` got a component that is already a widget. */
  ALREADY_WRAPPED: 'ALREADY_WRAPPED',
  /** A widget was rendered without an `rfkId`. */
  MISSING_RFK_ID: 'MISSING_RFK_ID',
  /** A widget hook ran outside a `WidgetsProvider`. */
  NO_PROVIDER: 'NO_PROVIDER',
  /** A widget hook ran outside a component wrapped with `widget()`. */
  NO_WIDGET: 'NO_WIDGET',
} as const);

/** One of the {@link searchErrorCodes}. */
export type SearchErrorCode = keyof typeof searchErrorCodes;

/**
 * A configuration, validation or programmer error of the widget layer (bad
 * settings, a builder argument, a widget outside its provider, a widget missing
 * from the answer). These were plain `Error`s (a `RangeError` for builder
 * numbers), so `name` keeps that value and, like `code`, is not an enumerable
 * field: code comparing them with `new Error(message)` still matches. Tell them
 * apart with `instanceof SearchError` or `code`.
 */
export class SearchError extends CodedError<SearchErrorCode> {
  constructor(code: SearchErrorCode, message: string, options?: { cause?: unknown; name?: 'Error' | 'RangeError' }) {
    super(code, message, options);
    Object.defineProperty(this, 'name', {
      value: options?.name ?? 'Error',
      writable: true,
      configurable: true,
      enumerable: false,
    });
    Object.defineProperty(this, 'code', { value: code, configurable: true, enumerable: false });
  }
}

/**
 * A widget's failure when the search call failed: its message is the service's
 * own `message` when the error body had one, else
 * `There was a problem on the service call`. `body` is what the call resolved to
 * (the error body, or `null` when there was no answer). Code `SERVICE_ERROR`.
 */
export class SearchServiceError extends CodedError<'SERVICE_ERROR'> {
  /** The error body the service answered with, or `null`. */
  readonly body: unknown;

  constructor(body: unknown) {
    const message = (body as { message?: unknown } | null)?.message;
    super('SERVICE_ERROR', typeof message === 'string' && message !== '' ? message : searchMessages.serviceCallProblem);
    this.name = 'SearchServiceError';
    this.body = body;
  }
}

/**
 * Rejects a widget request that a newer request of the same widget instance
 * replaced, or whose caller aborted it. Named `AbortError` like the reference
 * SDK's, so code that ignores aborts ignores it too; the layer never shows it as
 * a widget error. Code `REQUEST_CANCELED`.
 */
export class WidgetRequestCanceledError extends CodedError<'REQUEST_CANCELED'> {
  /** Brand flag, always `true`. */
  readonly isWidgetRequestCanceled = true as const;

  constructor() {
    super('REQUEST_CANCELED', searchMessages.requestCanceled);
    this.name = 'AbortError';
  }
}

/** True for a canceled widget request, or any abort (`AbortError`). */
export function isCanceledError(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  return (
    (error as { isWidgetRequestCanceled?: unknown }).isWidgetRequestCanceled === true ||
    (error as { name?: unknown }).name === 'AbortError'
  );
}
