import { type ReactNode, useEffect, useEffectEvent, useId } from 'react';
import { useText } from '../dictionary.tsx';
import { Link } from '../router.tsx';
import { useArticles } from '../SiteContext.tsx';

// An article's teaser card and its counts (views, likes), as every view of an article shows them:
// the state lives in the shared site context (SiteContext.tsx), so they all agree.

/** An article as content gives it: id, title, summary and its counts (and where it is read, when it has a page). */
export interface Article {
  id: string;
  title: string;
  summary: string;
  likeCount: number;
  viewCount: number;
  /** The article's page. Defaults to none (the title is then plain text). */
  href?: string;
}

/**
 * The view count and like button of an article. Its like state and counts live in the shared site
 * context, keyed by the article's id, so every card of the same article on the page, and the
 * article's own page, agree. Showing it counts one view.
 */
export function ArticleStats({ article }: { article: Article }) {
  const { articles, registerArticle, toggleLike, countView } = useArticles();
  const { id, likeCount, viewCount } = article;
  // Keyed by value, not by object: a page re-rendered with the same content counts no extra view.
  const register = useEffectEvent(() =>
    registerArticle(id, article, { likeCount, viewCount, viewsField: 'viewsField' }),
  );
  useEffect(() => {
    register();
    countView(id);
  }, [id, likeCount, viewCount, countView]);
  const state = articles[article.id];
  const liked = state?.liked ?? false;
  const t = useText();
  return (
    <p className="muted">
      <span>{t('Article.Views', { count: state?.viewCount ?? article.viewCount })}</span> ·{' '}
      <button type="button" aria-pressed={liked} onClick={() => toggleLike(article.id)}>
        {liked ? t('Article.Liked') : t('Article.Like')} ({state?.likeCount ?? article.likeCount})
      </button>
    </p>
  );
}

/**
 * An article teaser with its shared like state and counts ({@link ArticleStats}). `title` and
 * `summary` render in place of the article's (its content fields, editable in edit mode). Defaults
 * to the article's title and summary.
 */
export function ArticleCard({
  article,
  title = article.title,
  summary = article.summary,
}: {
  article: Article;
  title?: ReactNode;
  summary?: ReactNode;
}) {
  const titleId = useId();
  return (
    <article className="card" aria-labelledby={titleId}>
      <h3 id={titleId}>{article.href ? <Link href={article.href}>{title}</Link> : title}</h3>
      <p>{summary}</p>
      <ArticleStats article={article} />
    </article>
  );
}
