/**
 * The text after `[CODE] ` of the coded errors only `personalize` gives, exactly as the
 * reference SDK v1.4.3 words them. The specification's `IE-0006` (timeout) is the
 * reference's `IV-0006`: the same rule under two names; this SDK emits `IV-0006`, as the
 * reference does.
 */
export const personalizeMessages = {
  'IE-0003': 'Timeout exceeded. The server did not respond within the allotted time.',
  'MV-0008': '"friendlyId" is required.',
  'IV-0006': 'Incorrect value for the timeout parameter. Set the value to an integer greater than or equal to 0.',
} as const;

/** A code of {@link personalizeMessages}, e.g. `'IE-0003'`. */
export type PersonalizeErrorCode = keyof typeof personalizeMessages;
