/** The localStorage key of cross-tab session messages, the reference's own, so mixed tabs interoperate. */
export const SESSION_MESSAGE_KEY = 'nextauth.message';

/** What a tab tells the others: re-read the session, or it signed out. */
export type SessionTrigger = 'getSession' | 'signout';

/**
 * The cross-tab message, in the reference's shape. The reference also declared
 * a `clientId` it never wrote (defect S5); nothing reads one, so ours has none.
 */
export interface SessionMessage {
  event: 'session';
  data: { trigger: SessionTrigger };
  /** Seconds since the epoch. */
  timestamp: number;
}

/** The part of `Storage` the broadcast uses. */
export type MessageStorage = Pick<Storage, 'setItem' | 'removeItem'>;

/**
 * Tells the other tabs of this origin to re-read the session, by writing the
 * message to localStorage (they receive a `storage` event; this tab does not).
 * Write errors (private mode, a full quota, no storage) are swallowed, since a
 * missed broadcast must not break a sign-in. Defaults to `localStorage`.
 */
export function broadcastSession(trigger: SessionTrigger, storage?: MessageStorage | null): void {
  try {
    const target = storage === undefined ? localStorage : storage;
    const message: SessionMessage = { event: 'session', data: { trigger }, timestamp: Math.floor(Date.now() / 1000) };
    // Removing first makes two identical messages within one second still fire
    // a storage event; readers ignore the removal (its value is null).
    target?.removeItem(SESSION_MESSAGE_KEY);
    target?.setItem(SESSION_MESSAGE_KEY, JSON.stringify(message));
  } catch {
    // Broadcasting is best effort.
  }
}

/**
 * Reads a `storage` event as a cross-tab session message: the message when the
 * key is `nextauth.message` and the value is a `session` event with `data`
 * (written by this client or by the reference one), else `null`. Malformed
 * values give `null` instead of throwing inside the event handler.
 */
export function parseSessionMessage(event: Pick<StorageEvent, 'key' | 'newValue'>): SessionMessage | null {
  if (event.key !== SESSION_MESSAGE_KEY) return null;
  try {
    const message = JSON.parse(event.newValue ?? '{}') as Partial<SessionMessage> | null;
    return message?.event === 'session' && message.data ? (message as SessionMessage) : null;
  } catch {
    return null;
  }
}
