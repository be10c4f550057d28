export {
  configureAuth,
  createAuthClient,
  defaultAuthClient,
  getCsrfToken,
  getProviders,
  getSession,
  signIn,
  signOut,
  type AuthClient,
  type AuthClientOptions,
  type SignInAuthorizationParams,
  type SignInOptions,
  type SignInResponse,
  type SignOutParams,
  type SignOutResponse,
} from './client.ts';
export {
  createSessionStore,
  type SessionState,
  type SessionStatus,
  type SessionStore,
  type SessionStoreOptions,
  type SessionTriggers,
} from './store.ts';
export { createLogger, LOG_TIMEOUT_MS, type AuthLogger, type LogMetadata } from './logger.ts';
export { AuthError, AUTH_ERROR_CODES, type AuthErrorCode, INVALID_REDIRECT_URL_ERROR } from './errors.ts';
export {
  broadcastSession,
  parseSessionMessage,
  SESSION_MESSAGE_KEY,
  type MessageStorage,
  type SessionMessage,
  type SessionTrigger,
} from './broadcast.ts';
export type { Session } from '../../generated/auth/model/session.ts';
export type { Provider } from '../../generated/auth/model/provider.ts';
export type { Providers } from '../../generated/auth/model/providers.ts';
