import { ContentLink, itemsOf, textOf, type ContentComponentProps } from '../content/fields.tsx';

/** `CareersList`: the careers page's heading, introduction and job links (its links are tracked as careers clicks). */
export default function CareersPage({ fields }: ContentComponentProps) {
  return (
    <div className="container">
      <h1>{textOf(fields.heading)}</h1>
      <p>{textOf(fields.text)}</p>
      <ul>
        {itemsOf(fields.jobs).map((job) => (
          <li key={job.id}>
            <ContentLink field={job.fields.link}>{textOf(job.fields.title)}</ContentLink>
            {textOf(job.fields.location) ? <span className="muted"> · {textOf(job.fields.location)}</span> : null}
          </li>
        ))}
      </ul>
    </div>
  );
}
