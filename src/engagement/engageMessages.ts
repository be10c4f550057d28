import { eventMessages } from './eventMessages.ts';
import { initMessages } from './initMessages.ts';
import { personalizeMessages } from './personalizeMessages.ts';

/**
 * The text after `[CODE] ` of every coded error, exactly as the reference SDK v1.4.3
 * words it. The specification's `IE-0006` (timeout) is the reference's `IV-0006`: the
 * same rule under two names; this SDK emits `IV-0006`, as the reference does.
 */
export const engageMessages = { ...initMessages, ...eventMessages, ...personalizeMessages } as const;

/** A code of {@link engageMessages}, e.g. `'MV-0001'`. */
export type EngageErrorCode = keyof typeof engageMessages;
