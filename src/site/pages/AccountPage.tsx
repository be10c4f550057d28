import { useSession } from '../../auth/react.tsx';
import { textOf, type ContentComponentProps } from '../content/fields.tsx';

/** `Account`: requires a session: readers without one are sent to sign in, then back here. */
export default function AccountPage({ fields }: ContentComponentProps) {
  const { data, status } = useSession({ required: true });
  if (status !== 'authenticated') return <div className="container"><p role="status">{textOf(fields.checkingText)}</p></div>;
  return (
    <div className="container">
      <h1>{textOf(fields.heading)}</h1>
      <p>{textOf(fields.signedInLabel)} <strong>{data?.user?.name ?? data?.user?.email}</strong>.</p>
      {data?.expires ? <p className="muted">Session valid until {new Date(data.expires).toLocaleString('en-GB')}.</p> : null}
    </div>
  );
}
