import { useId } from 'react';
import type { ContentComponentProps, Fields } from './renderingContext.ts';
import { ContentLink, ContentText, useShowsField } from './fields.tsx';
import { fieldItemsOf, itemKeys } from './fieldValues.ts';

// The careers renderings: the list of open positions and a job's own page. Loaded on demand, as
// every rendering (registry.tsx).

/** `CareersList`'s fields: `jobs` an item list of {@link JobFields}. */
type CareersListFields = Fields<'heading' | 'text' | 'jobs'>;

/** `CareersList`: the careers page's heading, introduction and job links (its links are tracked as careers clicks). */
export function CareersList({ fields }: ContentComponentProps<CareersListFields>) {
  const jobs = fieldItemsOf(fields.jobs);
  const keys = itemKeys(jobs);
  return (
    <div className="container">
      <ContentText tag="h1" field={fields.heading} />
      <ContentText tag="p" field={fields.text} />
      <ul>
        {jobs.map((job, index) => (
          <Job key={keys[index]} fields={job.fields} />
        ))}
      </ul>
    </div>
  );
}

/** A job of the careers list's item list. */
type JobFields = Fields<'title' | 'link' | 'location'>;

function Job({ fields }: { fields: JobFields }) {
  const hasLocation = useShowsField(fields.location);
  return (
    <li>
      <ContentLink field={fields.link}>
        <ContentText field={fields.title} />
      </ContentLink>
      {hasLocation ? (
        <span className="muted">
          {' · '}
          <ContentText field={fields.location} />
        </span>
      ) : null}
    </li>
  );
}

/** `JobPosting`'s fields. */
type JobPostingFields = Fields<'heading' | 'location' | 'summary' | 'applyLink'>;

/**
 * `JobPosting`: one job's page: its title (the page's h1), location, summary and the apply link
 * (to the careers host: tracked as a careers click).
 */
export function JobPosting({ fields }: ContentComponentProps<JobPostingFields>) {
  const titleId = useId();
  return (
    <div className="container">
      <article className="job" aria-labelledby={titleId}>
        <ContentText tag="h1" id={titleId} field={fields.heading} />
        <ContentText tag="p" className="muted" field={fields.location} />
        <ContentText tag="p" field={fields.summary} />
        <p>
          <ContentLink className="cta" data-track="careers" field={fields.applyLink} />
        </p>
      </article>
    </div>
  );
}
