/**
 * Every message of the widget layer, exactly as the specification and the
 * reference SDK word them (see `../shared/reference/search.md` §12). Templates
 * are functions so the wording lives in one place.
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
  alreadyWrapped: (entity: string) => `Seems you are trying to wrap an already wrapped Widget component (entity: ${entity})`,
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
