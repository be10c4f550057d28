import { useEffect, useState, type FormEvent } from 'react';
import { getProviders, signIn } from '../../auth/index.ts';
import type { Providers } from '../../auth/index.ts';
import { signInErrorMessage } from '../authMessages.ts';
import { sameOriginPath } from '../../core/urlGuard.ts';

/** The sign-in page (`/api/auth/signin`): the providers from the session client, and a credentials form. */
export default function SignInPage({ search }: { search: URLSearchParams }) {
  const [providers, setProviders] = useState<Providers | null>(null);
  const [error, setError] = useState(search.get('error'));
  const callbackUrl = sameOriginPath(search.get('callbackUrl')) ?? '/';
  useEffect(() => {
    void getProviders().then(setProviders);
  }, []);
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
      <h1>Sign in</h1>
      {message ? <p role="alert">{message}</p> : null}
      <form onSubmit={submit} className="card" aria-label="Sign in with your account">
        <p><label>Username <input name="username" autoComplete="username" required /></label></p>
        <p><label>Password <input name="password" type="password" autoComplete="current-password" required /></label></p>
        <button type="submit" className="primary">Sign in</button>
      </form>
      {others.map((p) => (
        <p key={p.id}><button type="button" onClick={() => void signIn(p.id, { callbackUrl })}>Sign in with {p.name}</button></p>
      ))}
    </div>
  );
}
