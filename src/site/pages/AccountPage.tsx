import { useSession } from '../../auth/react.tsx';

/** A page that requires a session: readers without one are sent to sign in, then back here. */
export default function AccountPage() {
  const { data, status } = useSession({ required: true });
  if (status !== 'authenticated') return <div className="container"><p role="status">Checking your session…</p></div>;
  return (
    <div className="container">
      <h1>Your account</h1>
      <p>Signed in as <strong>{data?.user?.name ?? data?.user?.email}</strong>.</p>
      {data?.expires ? <p className="muted">Session valid until {new Date(data.expires).toLocaleString('en-GB')}.</p> : null}
    </div>
  );
}
