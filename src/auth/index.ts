export { getSession } from './getSession.ts';
export { getCsrfToken } from './getCsrfToken.ts';
export { getProviders } from './getProviders.ts';
export { signIn } from './signIn.ts';
export { signOut } from './signOut.ts';
export { configureAuth, defaultAuthClient } from './defaultAuthClient.ts';
export { createAuthClient, type AuthClient, type AuthClientOptions } from './createAuthClient.ts';
export {
  createSessionStore,
  type SessionState,
  type SessionStatus,
  type SessionStore,
  type SessionStoreOptions,
  type SessionTriggers,
} from './createSessionStore.ts';
export { createLogger, type AuthLogger, type LogMetadata } from './createLogger.ts';
export { AuthError } from './AuthError.ts';
export { AUTH_ERROR_CODES, type AuthErrorCode } from './authErrorCodes.ts';
export { broadcastSession, SESSION_MESSAGE_KEY, type MessageStorage, type SessionMessage, type SessionTrigger } from './broadcastSession.ts';
export { parseSessionMessage } from './parseSessionMessage.ts';
export type { SignInAuthorizationParams, SignInOptions, SignInResponse } from './signInWith.ts';
export type { SignOutParams, SignOutResponse } from './signOutWith.ts';
export type { Session } from '../../generated/auth/model/session.ts';
export type { Provider } from '../../generated/auth/model/provider.ts';
export type { Providers } from '../../generated/auth/model/providers.ts';
