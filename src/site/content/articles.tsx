import { use, useId, useMemo } from 'react';
import type { Field, FieldMap } from '../../content/index.ts';
import { deviceBreakpoints } from '../../search/device.ts';
import { ContentDate, ContentImage, ContentNumber, ContentText, useShowsField } from './fields.tsx';
import { contentUrl, fieldItemsOf, itemKeys, linkOf, numberOf, textOf } from './fieldValues.ts';
import { type ContentComponentProps, type Fields, useEditing, usePagePath, warnNotAUrl } from './renderingContext.ts';
import { ContentRichText } from './richText.tsx';
import { usePageLanguage } from '../dictionary.tsx';
import { localeOf } from '../language.ts';
import { type Article, ArticleCard, ArticleStats } from './articleCard.tsx';
import { formatLongDate, PreformatContext } from '../longDate.ts';

// The news renderings: lists of article teasers and an article's own page. Loaded on demand, as
// every rendering (registry.tsx).

// A like or view count as shown: a whole number, never negative (whatever number the field holds).
const countOf = (field: Field | undefined): number => Math.max(0, Math.floor(numberOf(field)));

/** `ArticleList`'s fields: `articles` an item list (each an article: title, summary, likeCount, viewCount). */
type ArticleListFields = Fields<'heading' | 'articles'>;

/** `ArticleList`: article teasers whose likes and views are shared with every other view of the same article. */
export function ArticleList({ fields }: ContentComponentProps<ArticleListFields>) {
  const titleId = useId();
  const path = usePagePath();
  const articles = useMemo<Array<{ article: Article; fields: FieldMap; key: string }>>(() => {
    const items = fieldItemsOf(fields.articles);
    const keys = itemKeys(items);
    return items.map((item, index) => {
      // An editor's link, else the item's own URL: whichever of them the link guard lets through.
      const link = linkOf(item.fields.link)?.href;
      const href = contentUrl(link);
      if (link !== undefined && href === undefined)
        warnNotAUrl(path, `ArticleList.articles[${index}].link`, link, "the item's own URL is used, if it is one");
      return {
        key: keys[index]!,
        fields: item.fields,
        article: {
          id: item.id,
          title: textOf(item.fields.title),
          summary: textOf(item.fields.summary),
          likeCount: countOf(item.fields.likeCount),
          viewCount: countOf(item.fields.viewCount),
          href: href ?? contentUrl(item.url),
        },
      };
    });
  }, [fields.articles, path]);
  return (
    <div className="container">
      <section aria-labelledby={titleId}>
        <ContentText tag="h2" id={titleId} field={fields.heading} />
        <div className="grid">
          {articles.map(({ article, fields: item, key }) => (
            <ArticleCard
              key={key}
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

/** `ArticleBody`'s fields. */
type ArticleBodyFields = Fields<
  'heading' | 'summary' | 'author' | 'publishedDate' | 'likeCount' | 'viewCount' | 'image' | 'body'
>;

/**
 * `ArticleBody`: an article's page: its heading (the page's h1), summary, author and date, image and
 * body (sanitized HTML), with the like button and view count it shares with every teaser of the same
 * article (the rendering's `dataSource` is the article's item id, the id of its list entries). In
 * edit mode the counts are the article's number fields, for the editor to set.
 */
export function ArticleBody({ fields, rendering }: ContentComponentProps<ArticleBodyFields>) {
  const titleId = useId();
  const editing = useEditing();
  const hasAuthor = useShowsField(fields.author);
  const published = textOf(fields.publishedDate);
  const locale = localeOf(usePageLanguage());
  const reportDate = use(PreformatContext);
  const id = [rendering.dataSource, rendering.uid].find((v): v is string => typeof v === 'string' && v !== '');
  const article = {
    id: id ?? '',
    title: textOf(fields.heading),
    summary: textOf(fields.summary),
    likeCount: countOf(fields.likeCount),
    viewCount: countOf(fields.viewCount),
  };
  return (
    <div className="container">
      <article className="article" aria-labelledby={titleId}>
        <ContentText tag="h1" id={titleId} field={fields.heading} />
        <ContentText tag="p" className="lead" field={fields.summary} />
        <p className="muted">
          <ContentText field={fields.author} />
          {hasAuthor ? ' · ' : null}
          <ContentDate
            tag="time"
            dateTime={published || undefined}
            field={fields.publishedDate}
            format={(iso) => formatLongDate(iso, locale, reportDate)}
          />
        </p>
        {editing ? (
          <p className="muted">
            <ContentNumber field={fields.viewCount} /> views · <ContentNumber field={fields.likeCount} /> likes
          </p>
        ) : (
          <ArticleStats article={article} />
        )}
        <ContentImage field={fields.image} sizes={`(min-width: ${deviceBreakpoints.PC_MIN_PX}px) 60rem, 100vw`} />
        <ContentRichText field={fields.body} />
      </article>
    </div>
  );
}
