import type { EngageErrorCode } from './engageMessages.ts';
import { eventMessages, type EventErrorCode } from './eventMessages.ts';
import type { InitErrorCode } from './initMessages.ts';
import type { PersonalizeErrorCode } from './personalizeMessages.ts';

/**
 * A coded SDK error: `code` is e.g. `'MV-0001'` and the message is exactly
 * `[MV-0001] "clientKey" is required.`, as the reference SDK words it. Validation
 * throws these synchronously from the event methods; `init` and `personalize` reject with them.
 * The codes only `init` or `personalize` give come with their text, which loads with the
 * failure (`initMessages`, `personalizeMessages`).
 */
export class EngageError extends Error {
  /** The code, e.g. `'IV-0005'`. */
  declare readonly code: EngageErrorCode;

  /** An error of a code the event methods throw; its text is built in. */
  constructor(code: EventErrorCode);
  /** An error of a code only `init` or `personalize` give: pass its text, e.g. `engageMessages[code]`. */
  constructor(code: InitErrorCode | PersonalizeErrorCode, text: string);
  constructor(code: EngageErrorCode, text?: string) {
    super(`[${code}] ${text ?? eventMessages[code as EventErrorCode]}`);
    this.name = 'EngageError';
    this.code = code;
  }
}
