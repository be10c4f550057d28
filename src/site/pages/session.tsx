import { type FormEvent, useEffect, useState } from 'react';
import { defaultAuthClient, getProviders, type Providers, signIn } from '../../auth/index.ts';
import { sameOriginPath } from '../../core/urlGuard.ts';
import { Link } from '../router.tsx';
import { useAuthClient, useSession } from '../../auth/react.tsx';
import type { ContentComponentProps, Fields } from '../content/renderingContext.ts';
import { textOf } from '../content/fieldValues.ts';
import { type TextKey, usePageLanguage, useText } from '../dictionary.tsx';
import { localeOf, pathIn } from '../language.ts';
import { retrySession, ServiceProblem } from '../serviceFailure.tsx';

// The session client's own pages, loaded on demand: sign-in, the error page and the account page,
// with the messages the protocol's `?error=` values show.

/**
 * What the site's sign-in and error pages say for each `?error=` value the
 * auth routes send (reference session protocol v4), in the reference's own
 * wording so a site moving from it reads the same. Anything else gets the
 * generic entry: the raw value is never shown, since anyone can put text in a
 * link's query string.
 */

/**
 * The dictionary key of the sign-in page's message for each `error=` value of the protocol, plus the
 * reference's `default` (their English, the reference's own wording, is in src/site/dictionary.tsx).
 */
const SIGN_IN_ERROR_MESSAGES = {
  Signin: 'SignIn.Error.OtherAccount',
  OAuthSignin: 'SignIn.Error.OtherAccount',
  OAuthCallback: 'SignIn.Error.OtherAccount',
  OAuthCreateAccount: 'SignIn.Error.OtherAccount',
  EmailCreateAccount: 'SignIn.Error.OtherAccount',
  Callback: 'SignIn.Error.OtherAccount',
  OAuthAccountNotLinked: 'SignIn.Error.AccountNotLinked',
  EmailSignin: 'SignIn.Error.EmailSignin',
  CredentialsSignin: 'SignIn.Error.CredentialsSignin',
  SessionRequired: 'SignIn.Error.SessionRequired',
  default: 'SignIn.Error.Default',
} as const satisfies Record<string, TextKey>;

/** What the error page shows for one `error=` value: dictionary keys. */
interface AuthErrorView {
  /** The page heading. */
  heading: TextKey;
  /** The paragraphs under it, one a line of the phrase. */
  message: TextKey;
  /** Whether to offer a link back to the sign-in page (the visitor can retry). */
  signIn: boolean;
}

/**
 * The error page's view for each `error=` value of the protocol, keyed in
 * lower case because the reference matches these values whatever their case.
 * The reference's second line of `configuration` ("Check the server logs…") speaks to the operator,
 * not the visitor, and is left out; for `default` the reference shows only a link to the site, ours
 * says what happened.
 */
const AUTH_ERROR_VIEWS = {
  configuration: { heading: 'AuthError.Configuration.Heading', message: 'AuthError.Configuration.Text', signIn: false },
  accessdenied: { heading: 'AuthError.AccessDenied.Heading', message: 'AuthError.AccessDenied.Text', signIn: true },
  verification: { heading: 'AuthError.Verification.Heading', message: 'AuthError.Verification.Text', signIn: true },
  default: { heading: 'AuthError.Default.Heading', message: 'AuthError.Default.Text', signIn: false },
} as const satisfies Record<string, AuthErrorView>;

// Own keys only: `constructor` or `__proto__` in a query string must not reach Object.prototype.
const lookup = <T,>(table: Record<string, T>, key: string): T | undefined =>
  Object.hasOwn(table, key) ? table[key] : undefined;

/**
 * The dictionary key of the sign-in page's message for an `error=` value: `null` without one, the
 * `default` message's for any unknown value.
 */
function signInErrorMessage(error: string | null | undefined): TextKey | null {
  if (!error) return null;
  return lookup<TextKey>(SIGN_IN_ERROR_MESSAGES, error) ?? SIGN_IN_ERROR_MESSAGES.default;
}

/** The error page's view for an `error=` value, matched case-insensitively; the `default` view for a missing or unknown one. */
function authErrorView(error: string | null | undefined): AuthErrorView {
  return lookup<AuthErrorView>(AUTH_ERROR_VIEWS, (error ?? '').toLowerCase()) ?? AUTH_ERROR_VIEWS.default;
}

/** The sign-in page (`/api/auth/signin`): the providers from the session client, and a credentials form. */
export function SignInPage({ search }: { search: URLSearchParams }) {
  // `undefined` while asked, `null` when the providers route failed or passed its deadline.
  const [providers, setProviders] = useState<Providers | null | undefined>(undefined);
  const [error, setError] = useState(search.get('error'));
  const { unavailable } = useSession();
  const auth = useAuthClient();
  const t = useText();
  const callbackUrl = sameOriginPath(search.get('callbackUrl')) ?? '/';
  const loadProviders = () => getProviders().then(setProviders);
  useEffect(() => void getProviders().then(setProviders), []);
  if (providers === null || unavailable) {
    return (
      <div className="container">
        <h1>{t('SignIn.Heading')}</h1>
        <ServiceProblem message={t('Session.SignInUnavailable')} onRetry={() => retrySession(auth, loadProviders)} />
      </div>
    );
  }
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const result = await signIn('credentials', {
      redirect: false,
      callbackUrl,
      username: String(form.get('username') ?? ''),
      password: String(form.get('password') ?? ''),
    });
    if (result?.error) setError(result.error);
    else if (result?.ok) window.location.assign(callbackUrl);
  };
  const message = signInErrorMessage(error);
  const others = Object.values(providers ?? {}).filter((p) => p.type !== 'credentials');
  return (
    <div className="container">
      <h1>{t('SignIn.Heading')}</h1>
      {message ? <p role="alert">{t(message)}</p> : null}
      <form onSubmit={submit} className="card" aria-label={t('SignIn.Form')}>
        <p>
          <label>
            {t('SignIn.Username')} <input name="username" autoComplete="username" required />
          </label>
        </p>
        <p>
          <label>
            {t('SignIn.Password')} <input name="password" type="password" autoComplete="current-password" required />
          </label>
        </p>
        <button type="submit" className="primary">
          {t('SignIn.Submit')}
        </button>
      </form>
      {others.map((p) => (
        <p key={p.id}>
          <button type="button" onClick={() => void signIn(p.id, { callbackUrl })}>
            {t('SignIn.WithProvider', { provider: p.name })}
          </button>
        </p>
      ))}
    </div>
  );
}

/** The session client's error page (`/api/auth/error?error=…`): the protocol's message for the value, never the value itself. */
export function AuthErrorPage({ search }: { search: URLSearchParams }) {
  const { heading, message, signIn } = authErrorView(search.get('error'));
  const { unavailable } = useSession();
  const auth = useAuthClient();
  const t = useText();
  const language = usePageLanguage();
  return (
    <div className="container">
      <h1>{t(heading)}</h1>
      <div role="alert">
        {t(message)
          .split('\n')
          .map((line) => (
            <p key={line}>{line}</p>
          ))}
      </div>
      {unavailable ? (
        <ServiceProblem message={t('Session.SignInUnavailable')} onRetry={() => retrySession(auth)} />
      ) : signIn ? (
        <p>
          <Link href={defaultAuthClient.url('signin')}>{t('Session.SignIn')}</Link>
        </p>
      ) : null}
      <p>
        <Link href={pathIn('/', language)}>{t('NotFound.HomeLink')}</Link>
      </p>
    </div>
  );
}

/** `Account`'s fields. */
type AccountFields = Fields<'heading' | 'checkingText' | 'signedInLabel' | 'text'>;

/** `Account`: requires a session: readers without one are sent to sign in, then back here. */
export function AccountPage({ fields }: ContentComponentProps<AccountFields>) {
  const { data, status } = useSession({ required: true });
  const auth = useAuthClient();
  const t = useText();
  const language = usePageLanguage();
  if (status === 'unauthenticated')
    return (
      <div className="container">
        <h1>{textOf(fields.heading)}</h1>
        <ServiceProblem message={t('Session.Unknown')} onRetry={() => retrySession(auth)} />
      </div>
    );
  if (status !== 'authenticated')
    return (
      <div className="container">
        <p role="status">{textOf(fields.checkingText)}</p>
      </div>
    );
  return (
    <div className="container">
      <h1>{textOf(fields.heading)}</h1>
      <p>
        {textOf(fields.signedInLabel)} <strong>{data?.user?.name ?? data?.user?.email}</strong>.
      </p>
      {fields.text ? <p>{textOf(fields.text)}</p> : null}
      {data?.expires ? (
        <p className="muted">
          {t('Account.ValidUntil', { date: new Date(data.expires).toLocaleString(localeOf(language)) })}
        </p>
      ) : null}
    </div>
  );
}
