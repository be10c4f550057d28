import { initMessages, type InitErrorCode } from './initMessages.ts';
import type { LazyKit } from './lazyKit.ts';

/**
 * The error a failed `init` rejects with. It loads only then, with the texts that only
 * `init` uses, so a page whose SDK starts never downloads them.
 */
export function initError(kit: LazyKit, code: InitErrorCode | 'MV-0009'): Error {
  return code === 'MV-0009' ? new kit.EngageError(code) : new kit.EngageError(code, initMessages[code]);
}
