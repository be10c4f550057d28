/**
 * The text after `[CODE] ` of the coded errors only `init` rejects with, exactly as the
 * reference SDK v1.4.3 words them. They load when `init` fails, so a page whose SDK
 * starts never downloads them. (`init`'s `MV-0009` and `MV-0003` are in `eventMessages`.)
 */
export const initMessages = {
  'IE-0001':
    'The "window" object is not available on the server side. Use the "window" object only on the client side, and in the correct execution context.',
  'MV-0001': '"clientKey" is required.',
  'MV-0002': '"targetURL" is required.',
  'IV-0001': 'Incorrect value for "targetURL". Set the value to a valid URL string.',
} as const;

/** A code of {@link initMessages}, e.g. `'MV-0001'`. */
export type InitErrorCode = keyof typeof initMessages;
