import {
  createContext,
  type ReactNode,
  startTransition,
  useCallback,
  useContext,
  useEffect,
  useEffectEvent,
  useId,
  useMemo,
  useReducer,
} from 'react';
import type { Banner } from '../oneconnect/index.ts';
import { useBanners } from '../oneconnect/react.tsx';
import { useText } from './dictionary.tsx';
import { Link } from './router.tsx';

// The site's shared context: banners, the user id, and per-article likes and views
// shared by every view of the same article (the reducer and the teaser card that read them).

/** One article's shared state, keyed by article id in the site context. */
export interface ArticleState<A = unknown> {
  article: A;
  liked: boolean;
  likeCount: number;
  /** The content field that stores the view count (the platform names it `viewField` or `viewsField`). */
  viewsField: string;
  viewCount: number;
}

/** What can happen to articles. */
export type ArticleAction =
  | { type: 'register'; id: string; article: unknown; likeCount?: number; viewCount?: number; viewsField?: string }
  | { type: 'toggleLike'; id: string }
  | { type: 'countView'; id: string };

/** Article state by id. */
export type ArticlesState = Readonly<Record<string, ArticleState>>;

/**
 * Pure reducer of the per-article state. Registering an article again keeps
 * the reader's like and the counts already seen; likes and views of an unknown
 * article are ignored rather than inventing one.
 */
export function articlesReducer(state: ArticlesState, action: ArticleAction): ArticlesState {
  const current = state[action.id];
  switch (action.type) {
    case 'register':
      return {
        ...state,
        [action.id]: {
          article: action.article,
          liked: current?.liked ?? false,
          likeCount: current?.likeCount ?? Math.max(0, action.likeCount ?? 0),
          viewsField: action.viewsField ?? current?.viewsField ?? 'viewCount',
          viewCount: current?.viewCount ?? Math.max(0, action.viewCount ?? 0),
        },
      };
    case 'toggleLike':
      if (!current) return state;
      return {
        ...state,
        [action.id]: {
          ...current,
          liked: !current.liked,
          likeCount: Math.max(0, current.likeCount + (current.liked ? -1 : 1)),
        },
      };
    case 'countView':
      if (!current) return state;
      return { ...state, [action.id]: { ...current, viewCount: current.viewCount + 1 } };
  }
}

/** The site's shared context: banners and userId from the banner flow, and per-article state. */
export interface SiteContextValue {
  /** The banner flow's banners: active now and not dismissed in this visit. The banner strip shows these. */
  banners: Banner[];
  /**
   * The visitor's id from the segment cookie, whose close events the flow applied; `''` until the visitor
   * consents (and after a withdrawal), when unknown or when the flow failed.
   */
  userId: string;
  articles: ArticlesState;
  /** Adds (or refreshes) an article with its counts from content. */
  registerArticle(
    id: string,
    article: unknown,
    counts?: { likeCount?: number; viewCount?: number; viewsField?: string },
  ): void;
  /** Likes or unlikes an article. */
  toggleLike(id: string): void;
  /** Counts one view of an article. */
  countView(id: string): void;
}

const Context = createContext<SiteContextValue | null>(null);

/** Provides the shared site context; place it inside the BannerProvider. */
export function SiteProvider({ children }: { children: ReactNode }) {
  const { banners, userId } = useBanners();
  const [articles, dispatch] = useReducer(articlesReducer, {});
  // Registering an article and counting its view are bookkeeping done as the page hydrates: as
  // transitions, since an urgent update of the context every section reads would make React hydrate
  // the rest of the page in one blocking task (a long task on a phone). A like is the visitor's click.
  const registerArticle = useCallback<SiteContextValue['registerArticle']>(
    (id, article, counts = {}) => startTransition(() => dispatch({ type: 'register', id, article, ...counts })),
    [],
  );
  const toggleLike = useCallback((id: string) => dispatch({ type: 'toggleLike', id }), []);
  const countView = useCallback((id: string) => startTransition(() => dispatch({ type: 'countView', id })), []);
  const value = useMemo(
    () => ({ banners, userId, articles, registerArticle, toggleLike, countView }),
    [banners, userId, articles, registerArticle, toggleLike, countView],
  );
  return <Context.Provider value={value}>{children}</Context.Provider>;
}

function useSiteContext(): SiteContextValue {
  const value = useContext(Context);
  if (!value) throw new Error('No SiteProvider found: wrap your page in <SiteProvider>');
  return value;
}

/**
 * The banner flow's result as the shared site context holds it: the banners to show and the
 * visitor's userId. Throws with the fix when used outside {@link SiteProvider}.
 */
export function useSiteBanners(): Pick<SiteContextValue, 'banners' | 'userId'> {
  return useSiteContext();
}

/**
 * The per-article likes and views the shared site context holds (by article id), and what changes
 * them. Throws with the fix when used outside {@link SiteProvider}.
 */
function useArticles(): Pick<SiteContextValue, 'articles' | 'registerArticle' | 'toggleLike' | 'countView'> {
  return useSiteContext();
}

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
