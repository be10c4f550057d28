import { useEffect, useId } from 'react';
import { Link } from './router/Link.tsx';
import { useSite } from './SiteContext.tsx';

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
  const { articles, registerArticle, toggleLike, countView } = useSite();
  const { id, likeCount, viewCount } = article;
  // Keyed by value, not by object: a page re-rendered with the same content counts no extra view.
  useEffect(() => {
    registerArticle(id, article, { likeCount, viewCount, viewsField: 'viewsField' });
    countView(id);
  }, [id, likeCount, viewCount, registerArticle, countView]);
  const state = articles[article.id];
  const liked = state?.liked ?? false;
  return (
    <p className="muted">
      <span>{state?.viewCount ?? article.viewCount} views</span> ·{' '}
      <button type="button" aria-pressed={liked} onClick={() => toggleLike(article.id)}>
        {liked ? 'Liked' : 'Like'} ({state?.likeCount ?? article.likeCount})
      </button>
    </p>
  );
}

/** An article teaser with its shared like state and counts ({@link ArticleStats}). */
export function ArticleCard({ article }: { article: Article }) {
  const titleId = useId();
  return (
    <article className="card" aria-labelledby={titleId}>
      <h3 id={titleId}>{article.href ? <Link href={article.href}>{article.title}</Link> : article.title}</h3>
      <p>{article.summary}</p>
      <ArticleStats article={article} />
    </article>
  );
}
