import { createContext, type ReactNode, startTransition, useCallback, useContext, useMemo, useReducer } from 'react';
import type { Banner } from '../oneconnect/index.ts';
import { useBanners } from '../oneconnect/react.tsx';

// The site's shared context: banners, the user id, and per-article likes and views shared by every
// view of the same article (the reducer; the teaser card and counts that read them are content/articleCard.tsx).

/** One article's shared state, keyed by article id in the site context. */
interface ArticleState<A = unknown> {
  article: A;
  liked: boolean;
  likeCount: number;
  /** The content field that stores the view count (the platform names it `viewField` or `viewsField`). */
  viewsField: string;
  viewCount: number;
}

/** What can happen to articles. */
type ArticleAction =
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
interface SiteContextValue {
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
export function useArticles(): Pick<SiteContextValue, 'articles' | 'registerArticle' | 'toggleLike' | 'countView'> {
  return useSiteContext();
}
