import { Link } from '../router/Link.tsx';

/** A short careers page: its links are tracked as careers clicks. */
export default function CareersPage() {
  return (
    <div className="container">
      <h1>Careers</h1>
      <p>Engineers, scientists and technicians build what flies here. Explore the teams hiring now.</p>
      <ul>
        <li>
          <Link href="/careers/engineering">Engineering roles</Link>
        </li>
        <li>
          <Link href="/careers/graduates">Graduate programme</Link>
        </li>
      </ul>
    </div>
  );
}
