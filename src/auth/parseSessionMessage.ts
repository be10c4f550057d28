import { SESSION_MESSAGE_KEY, type SessionMessage } from './broadcastSession.ts';

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
