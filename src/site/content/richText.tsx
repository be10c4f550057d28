import { useId, useMemo } from 'react';
import { deviceBreakpoints, sanitizedMarkup } from '../../search/index.ts';
import { ContentImage, numberOf, textOf, type ContentComponentProps } from './rendering.tsx';
import { ArticleStats } from '../SiteContext.tsx';

// The components that render editors' HTML. They load on demand (the registry imports this module
// lazily), so the sanitizer's bytes reach only the pages that show rich text.

/**
 * Editors' HTML, sanitized by the site's one sanitizer (the search layer's DOMPurify profile) before it
 * reaches the DOM, as Trusted Types where the browser has them.
 */
function Html({ html }: { html: string }) {
  const safe = useMemo(() => sanitizedMarkup(html), [html]);
  return <div className="rich-text" dangerouslySetInnerHTML={{ __html: safe }} />;
}

const formatDate = (iso: string) => {
  const date = new Date(iso);
  // A fixed zone: the server and the browser must print the same day.
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleDateString('en-GB', { dateStyle: 'long', timeZone: 'UTC' });
};

/** `RichText`: a block of the editors' HTML (field `text`), sanitized. */
export function RichText({ fields }: ContentComponentProps) {
  return (
    <div className="container">
      <Html html={textOf(fields.text)} />
    </div>
  );
}

/**
 * `ArticleBody`: an article's page: its heading (the page's h1), summary, author and date, image and
 * body (sanitized HTML), with the like button and view count it shares with every teaser of the same
 * article (the rendering's `dataSource` is the article's item id, the id of its list entries).
 */
export function ArticleBody({ fields, rendering }: ContentComponentProps) {
  const titleId = useId();
  const heading = textOf(fields.heading);
  const summary = textOf(fields.summary);
  const published = textOf(fields.publishedDate);
  const author = textOf(fields.author);
  const article = {
    id: rendering.dataSource || rendering.uid,
    title: heading,
    summary,
    likeCount: numberOf(fields.likeCount),
    viewCount: numberOf(fields.viewCount),
  };
  return (
    <div className="container">
      <article className="article" aria-labelledby={titleId}>
        <h1 id={titleId}>{heading}</h1>
        {summary ? <p className="lead">{summary}</p> : null}
        <p className="muted">
          {author ? <>{author} · </> : null}
          {published ? <time dateTime={published}>{formatDate(published)}</time> : null}
        </p>
        <ArticleStats article={article} />
        <ContentImage field={fields.image} sizes={`(min-width: ${deviceBreakpoints.PC_MIN_PX}px) 60rem, 100vw`} />
        <Html html={textOf(fields.body)} />
      </article>
    </div>
  );
}
