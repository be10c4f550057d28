import { useId } from 'react';
import { ContentImage, ContentLink, textOf, type ContentComponentProps } from './content/fields.tsx';

/**
 * `Hero`: the page's headline (its h1), a sentence, a call to action, an optional second link
 * and the hero image (loaded first: it is the page's largest paint).
 */
export function Hero({ fields }: ContentComponentProps) {
  const titleId = useId();
  return (
    <section className="hero" aria-labelledby={titleId}>
      <div className="container">
        <div>
        <h1 id={titleId}>{textOf(fields.heading)}</h1>
        <p>{textOf(fields.text)}</p>
        <p>
          <ContentLink className="cta" data-track="cta" field={fields.cta} />{' '}
          <ContentLink field={fields.secondaryLink} />
        </p>
        </div>
        <ContentImage
          field={fields.image}
          widths={[640]}
          sizes="(min-width: 992px) 50vw, 100vw"
          fetchPriority="high"
        />
      </div>
    </section>
  );
}
