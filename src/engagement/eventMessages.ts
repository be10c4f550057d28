/**
 * The text after `[CODE] ` of every coded error that can be thrown synchronously (by the
 * event methods, `addToEventQueue` and `updatePointOfSale`), exactly as the reference SDK
 * v1.4.3 words it. The codes only `init` and `personalize` reject with are in
 * `initMessages` and `personalizeMessages`, which load when needed; `engageMessages`
 * holds all of them.
 */
export const eventMessages = {
  'MV-0003': '"pointOfSale" is required.',
  'MV-0004': '"identifiers" is required.',
  'MV-0009': '"pointOfSale" cannot be empty.',
  'IV-0002': 'Incorrect value for "dob". Format the value according to ISO 8601.',
  'IV-0003': 'Incorrect value for "email". Set the value to a valid email address.',
  'IV-0004': 'Incorrect value for "expiryDate". Format the value according to ISO 8601.',
  'IV-0005': 'This event supports maximum 50 attributes. Reduce the number of attributes.',
} as const;

/** A code of {@link eventMessages}, e.g. `'MV-0003'`. */
export type EventErrorCode = keyof typeof eventMessages;
