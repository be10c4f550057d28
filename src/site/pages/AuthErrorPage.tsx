import { Link } from '../router/Link.tsx';

/** The session client's error page (`/api/auth/error?error=…`). */
export default function AuthErrorPage({ search }: { search: URLSearchParams }) {
  return (
    <div className="container">
      <h1>Sign-in problem</h1>
      <p role="alert">We could not sign you in{search.get('error') ? ` (${search.get('error')})` : ''}. Please try again later.</p>
      <p><Link href="/">Go to the home page</Link></p>
    </div>
  );
}
