/**
 * What the site's sign-in and error pages say for each `?error=` value the
 * auth routes send (reference session protocol v4), in the reference's own
 * wording so a site moving from it reads the same. Anything else gets the
 * generic entry: the raw value is never shown, since anyone can put text in a
 * link's query string.
 */

/** The sign-in page's message for each `error=` value of the protocol, plus the reference's `default`. */
export const SIGN_IN_ERROR_MESSAGES = {
  Signin: 'Try signing in with a different account.',
  OAuthSignin: 'Try signing in with a different account.',
  OAuthCallback: 'Try signing in with a different account.',
  OAuthCreateAccount: 'Try signing in with a different account.',
  EmailCreateAccount: 'Try signing in with a different account.',
  Callback: 'Try signing in with a different account.',
  OAuthAccountNotLinked: 'To confirm your identity, sign in with the same account you used originally.',
  EmailSignin: 'The e-mail could not be sent.',
  CredentialsSignin: 'Sign in failed. Check the details you provided are correct.',
  SessionRequired: 'Please sign in to access this page.',
  default: 'Unable to sign in.',
} as const;

/** An `error=` value the sign-in page knows. */
export type SignInErrorType = keyof typeof SIGN_IN_ERROR_MESSAGES;

/** What the error page shows for one `error=` value. */
export interface AuthErrorView {
  /** The page heading. */
  heading: string;
  /** The paragraphs under it. */
  message: readonly string[];
  /** Whether to offer a link back to the sign-in page (the visitor can retry). */
  signIn: boolean;
}

/**
 * The error page's view for each `error=` value of the protocol, keyed in
 * lower case because the reference matches these values whatever their case.
 */
export const AUTH_ERROR_VIEWS = {
  configuration: {
    heading: 'Server error',
    // The reference's second line ("Check the server logs…") speaks to the operator, not the visitor.
    message: ['There is a problem with the server configuration.', 'Please try again later.'],
    signIn: false,
  },
  accessdenied: { heading: 'Access Denied', message: ['You do not have permission to sign in.'], signIn: true },
  verification: {
    heading: 'Unable to sign in',
    message: ['The sign in link is no longer valid.', 'It may have been used already or it may have expired.'],
    signIn: true,
  },
  // The reference shows only a link to the site here; ours says what happened.
  default: { heading: 'Error', message: ['Something went wrong while signing you in. Please try again later.'], signIn: false },
} as const satisfies Record<string, AuthErrorView>;

/** An `error=` value the error page knows (any case is accepted by {@link authErrorView}). */
export type AuthErrorType = 'Configuration' | 'AccessDenied' | 'Verification' | 'default';

// Own keys only: `constructor` or `__proto__` in a query string must not reach Object.prototype.
const lookup = <T>(table: Record<string, T>, key: string): T | undefined =>
  Object.hasOwn(table, key) ? table[key] : undefined;

/** The sign-in page's message for an `error=` value: `null` without one, the `default` message for any unknown value. */
export function signInErrorMessage(error: string | null | undefined): string | null {
  if (!error) return null;
  return lookup<string>(SIGN_IN_ERROR_MESSAGES, error) ?? SIGN_IN_ERROR_MESSAGES.default;
}

/** The error page's view for an `error=` value, matched case-insensitively; the `default` view for a missing or unknown one. */
export function authErrorView(error: string | null | undefined): AuthErrorView {
  return lookup<AuthErrorView>(AUTH_ERROR_VIEWS, (error ?? '').toLowerCase()) ?? AUTH_ERROR_VIEWS.default;
}
