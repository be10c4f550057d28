import { Link } from '../router/Link.tsx';

/** Shown for any URL the site has no route for. */
export default function NotFoundPage() {
  return (
    <div className="container">
      <h1>Page not found</h1>
      <p>
        The page you asked for does not exist. <Link href="/">Go to the home page</Link>.
      </p>
    </div>
  );
}
