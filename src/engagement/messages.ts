import { CodedError } from '../core/errors.ts';

/**
 * Every code of the events SDK with the text after `[CODE] `, exactly as the reference
 * SDK v1.4.3 words it: the one table. The timeout rule, also known as `IE-0006`, is the
 * reference's `IV-0006`: the same rule under two names; this SDK emits `IV-0006`, as the
 * reference does.
 */
export const engageMessages = {
  'IE-0001':
    'The "window" object is not available on the server side. Use the "window" object only on the client side, and in the correct execution context.',
  'IE-0003': 'Timeout exceeded. The server did not respond within the allotted time.',
  'MV-0001': '"clientKey" is required.',
  'MV-0002': '"targetURL" is required.',
  'MV-0003': '"pointOfSale" is required.',
  'MV-0004': '"identifiers" is required.',
  'MV-0008': '"friendlyId" is required.',
  'MV-0009': '"pointOfSale" cannot be empty.',
  'IV-0001': 'Incorrect value for "targetURL". Set the value to a valid URL string.',
  'IV-0002': 'Incorrect value for "dob". Format the value according to ISO 8601.',
  'IV-0003': 'Incorrect value for "email". Set the value to a valid email address.',
  'IV-0004': 'Incorrect value for "expiryDate". Format the value according to ISO 8601.',
  'IV-0005': 'This event supports maximum 50 attributes. Reduce the number of attributes.',
  'IV-0006': 'Incorrect value for the timeout parameter. Set the value to an integer greater than or equal to 0.',
} as const;

/** A code of {@link engageMessages}, e.g. `'MV-0001'`. */
export type EngageErrorCode = keyof typeof engageMessages;

/**
 * A coded SDK error: `code` is e.g. `'MV-0001'` and the message is exactly
 * `[MV-0001] "clientKey" is required.`, as the reference SDK words it. Validation
 * throws these synchronously from the event methods; `init` and `personalize` reject with them.
 */
export class EngageError extends CodedError<EngageErrorCode> {
  /** An error of `code`; its text defaults to the table's (`engageMessages[code]`). */
  constructor(code: EngageErrorCode, text: string = engageMessages[code]) {
    super(code, `[${code}] ${text}`);
    this.name = 'EngageError';
  }
}
