import { defaultAuthClient } from '../../auth/index.ts';
import { authErrorView } from '../authMessages.ts';
import { Link } from '../router/Link.tsx';

/** The session client's error page (`/api/auth/error?error=…`): the protocol's message for the value, never the value itself. */
export default function AuthErrorPage({ search }: { search: URLSearchParams }) {
  const { heading, message, signIn } = authErrorView(search.get('error'));
  return (
    <div className="container">
      <h1>{heading}</h1>
      <div role="alert">{message.map((line) => <p key={line}>{line}</p>)}</div>
      {signIn ? <p><Link href={defaultAuthClient.url('signin')}>Sign in</Link></p> : null}
      <p><Link href="/">Go to the home page</Link></p>
    </div>
  );
}
