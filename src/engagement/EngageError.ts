import { engageMessages, type EngageErrorCode } from './engageMessages.ts';

/**
 * A coded SDK error: `code` is e.g. `'MV-0001'` and the message is exactly
 * `[MV-0001] "clientKey" is required.`, as the reference SDK words it. Validation
 * throws these synchronously from the event methods; `init` and `personalize` reject with them.
 */
export class EngageError extends Error {
  /** The code, e.g. `'IV-0005'`. */
  readonly code: EngageErrorCode;

  constructor(code: EngageErrorCode) {
    super(`[${code}] ${engageMessages[code]}`);
    this.name = 'EngageError';
    this.code = code;
  }
}
