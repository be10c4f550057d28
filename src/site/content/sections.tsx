import { Suspense, useId, useMemo } from 'react';
import {
  type ContentComponentProps,
  ContentImage,
  ContentLink,
  ContentText,
  itemsOf,
  linkOf,
  numberOf,
  Placeholder,
  textOf,
  useEditing,
  useShowsField,
} from './rendering.tsx';
import type { FieldMap } from '../../content/index.ts';
import { usePersonalize } from '../../engagement/react.tsx';
import { SiteRecommendationWidget } from '../onDemand.tsx';
import { siteConfig } from '../siteConfig.ts';
import { safeLinkTarget } from '../../core/urlGuard.ts';
// The search layer's device module alone: its index would bring the whole layer into every page.
import { deviceBreakpoints } from '../../search/device.ts';
import { type Article, ArticleCard } from '../SiteContext.tsx';

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
          <ContentText tag="h1" id={titleId} field={fields.heading} />
          <ContentText tag="p" field={fields.text} />
          <p>
            <ContentLink className="cta" data-track="cta" field={fields.cta} />{' '}
            <ContentLink field={fields.secondaryLink} />
          </p>
        </div>
        <ContentImage
          field={fields.image}
          widths={[640]}
          sizes={`(min-width: ${deviceBreakpoints.PC_MIN_PX}px) 50vw, 100vw`}
          fetchPriority="high"
        />
      </div>
    </section>
  );
}

// The marketing sections editors place on pages. Each reads its rendering's fields and params;
// none reads window or document while rendering.

/**
 * `PersonalizedOffer`: the editor's default text (`fallbackText`) in place from the first paint, replaced
 * by the visitor's personalised offer (decision `params.friendlyId`) when there is one. The card keeps
 * its size, so the offer arriving, or personalization failing or never answering, moves nothing.
 * Editors in edit mode, who get no personalisation, edit its heading and fallback text in place.
 */
export function PersonalizedOffer({ fields, params }: ContentComponentProps) {
  const editing = useEditing();
  const personalised = usePersonalize(
    { friendlyId: params.friendlyId ?? '', channel: params.channel ?? 'WEB', currency: params.currency ?? 'GBP' },
    { timeout: 3000 },
  );
  const offer =
    personalised.data && typeof personalised.data === 'object' ? (personalised.data as Record<string, unknown>) : null;
  const headline = offer?.headline ?? offer?.title;
  return (
    <div className="container">
      <section
        aria-label={textOf(fields.heading)}
        className="card personalized-offer"
        data-personalized={offer ? '' : undefined}
      >
        <ContentText tag="h2" field={fields.heading} />
        {headline === undefined || editing ? (
          <ContentText tag="p" field={fields.fallbackText} />
        ) : (
          <p>{String(headline)}</p>
        )}
      </section>
    </div>
  );
}

/** `ArticleList`: article teasers whose likes and views are shared with every other view of the same article. */
export function ArticleList({ fields }: ContentComponentProps) {
  const titleId = useId();
  const articles = useMemo<Array<{ article: Article; fields: FieldMap }>>(
    () =>
      itemsOf(fields.articles).map((item) => ({
        fields: item.fields,
        article: {
          id: item.id,
          title: textOf(item.fields.title),
          summary: textOf(item.fields.summary),
          likeCount: numberOf(item.fields.likeCount),
          viewCount: numberOf(item.fields.viewCount),
          // An editor's link, else the item's own URL: whichever of them the link guard lets through.
          href: safeLinkTarget(linkOf(item.fields.link)?.href) ?? safeLinkTarget(item.url),
        },
      })),
    [fields.articles],
  );
  return (
    <div className="container">
      <section aria-labelledby={titleId}>
        <ContentText tag="h2" id={titleId} field={fields.heading} />
        <div className="grid">
          {articles.map(({ article, fields: item }) => (
            <ArticleCard
              key={article.id}
              article={article}
              title={<ContentText field={item.title} />}
              summary={<ContentText field={item.summary} />}
            />
          ))}
        </div>
      </section>
    </div>
  );
}

/**
 * `RecommendationWidget`: a heading and the search service's recommendations (widget `params.rfkId`).
 * The rendering's heading replaces the widget's own title (one heading per section); without one,
 * the widget's title stays.
 */
export function Recommendations({ fields, params }: ContentComponentProps) {
  const titleId = useId();
  const headed = useShowsField(fields.heading);
  return (
    <div className="container">
      <section aria-labelledby={headed ? titleId : undefined}>
        <ContentText tag="h2" id={titleId} field={fields.heading} />
        <Suspense fallback={null}>
          <SiteRecommendationWidget
            rfkId={params.rfkId ?? siteConfig.widgets.recommendation}
            title={headed ? null : undefined}
          />
        </Suspense>
      </section>
    </div>
  );
}

/** `PromoCta`: a heading, a sentence and a call-to-action link (tracked as a CTA click). */
export function PromoCta({ fields }: ContentComponentProps) {
  const titleId = useId();
  return (
    <div className="container">
      <section className="card promo" aria-labelledby={titleId}>
        <ContentText tag="h2" id={titleId} field={fields.heading} />
        <ContentText tag="p" field={fields.text} />
        <p>
          <ContentLink className="cta" data-track="cta" field={fields.link} />
        </p>
      </section>
    </div>
  );
}

/** `CapabilityCards`: a heading and a card per capability (image, title, summary, link). */
export function CapabilityCards({ fields }: ContentComponentProps) {
  const titleId = useId();
  return (
    <div className="container">
      <section aria-labelledby={titleId}>
        <ContentText tag="h2" id={titleId} field={fields.heading} />
        <div className="grid">
          {itemsOf(fields.cards).map((card) => (
            <article key={card.id} className="card">
              <ContentImage field={card.fields.image} loading="lazy" />
              <ContentText tag="h3" field={card.fields.title} />
              <ContentText tag="p" field={card.fields.summary} />
              <ContentLink field={card.fields.link} />
            </article>
          ))}
        </div>
      </section>
    </div>
  );
}

/** `Columns`: a container of two placeholders, `columns-left` and `columns-right`, side by side on wide screens. */
export function Columns({ rendering }: ContentComponentProps) {
  return (
    <div className="container columns">
      <div>
        <Placeholder name="columns-left" rendering={rendering} />
      </div>
      <div>
        <Placeholder name="columns-right" rendering={rendering} />
      </div>
    </div>
  );
}

/** `CareersList`: the careers page's heading, introduction and job links (its links are tracked as careers clicks). */
export function CareersList({ fields }: ContentComponentProps) {
  return (
    <div className="container">
      <ContentText tag="h1" field={fields.heading} />
      <ContentText tag="p" field={fields.text} />
      <ul>
        {itemsOf(fields.jobs).map((job) => (
          <Job key={job.id} fields={job.fields} />
        ))}
      </ul>
    </div>
  );
}

function Job({ fields }: { fields: FieldMap }) {
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

/**
 * `JobPosting`: one job's page: its title (the page's h1), location, summary and the apply link
 * (to the careers host: tracked as a careers click).
 */
export function JobPosting({ fields }: ContentComponentProps) {
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

/**
 * `LinkGroup`: a titled list of links, as the footer's groups (company, careers, legal) are placed in
 * every route's `jss-footer` placeholder. Every link passes the URL guard (`ContentLink`).
 */
export function LinkGroup({ fields }: ContentComponentProps) {
  const titleId = useId();
  return (
    <nav className="link-group" aria-labelledby={titleId}>
      <ContentText tag="h2" id={titleId} field={fields.heading} />
      <ul>
        {itemsOf(fields.links).map((item) => (
          <li key={item.id}>
            <ContentLink field={item.fields.link} />
          </li>
        ))}
      </ul>
    </nav>
  );
}
