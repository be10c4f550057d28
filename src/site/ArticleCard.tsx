import { useEffect } from 'react';
import { useSite } from './SiteContext.tsx';

/** An article as content gives it: id, title, summary and its counts. */
export interface Article {
  id: string;
  title: string;
  summary: string;
  likeCount: number;
  viewCount: number;
}

/**
 * An article teaser whose like state and counts live in the shared site
 * context, so every card of the same article on the page agrees. Showing it
 * counts one view.
 */
export function ArticleCard({ article }: { article: Article }) {
  const { articles, registerArticle, toggleLike, countView } = useSite();
  useEffect(() => {
    registerArticle(article.id, article, { likeCount: article.likeCount, viewCount: article.viewCount, viewsField: 'viewsField' });
    countView(article.id);
  }, [article, registerArticle, countView]);
  const state = articles[article.id];
  const liked = state?.liked ?? false;
  return (
    <article className="card" aria-labelledby={`article-${article.id}`}>
      <h3 id={`article-${article.id}`}>{article.title}</h3>
      <p>{article.summary}</p>
      <p className="muted">
        <span>{state?.viewCount ?? article.viewCount} views</span> ·{' '}
        <button type="button" aria-pressed={liked} onClick={() => toggleLike(article.id)}>
          {liked ? 'Liked' : 'Like'} ({state?.likeCount ?? article.likeCount})
        </button>
      </p>
    </article>
  );
}
