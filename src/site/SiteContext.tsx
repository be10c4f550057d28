import { createContext, useCallback, useContext, useMemo, useReducer, type ReactNode } from 'react';
import type { Banner } from '../oneconnect/index.ts';
import { useBanners } from '../oneconnect/react.tsx';
import { articlesReducer, type ArticlesState } from './articlesReducer.ts';

/** The site's shared context: banners and userId from the banner flow, and per-article state. */
export interface SiteContextValue {
  banners: Banner[];
  userId: string;
  articles: ArticlesState;
  /** Adds (or refreshes) an article with its counts from content. */
  registerArticle(id: string, article: unknown, counts?: { likeCount?: number; viewCount?: number; viewsField?: string }): void;
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
  const registerArticle = useCallback<SiteContextValue['registerArticle']>(
    (id, article, counts = {}) => dispatch({ type: 'register', id, article, ...counts }),
    [],
  );
  const toggleLike = useCallback((id: string) => dispatch({ type: 'toggleLike', id }), []);
  const countView = useCallback((id: string) => dispatch({ type: 'countView', id }), []);
  const value = useMemo(
    () => ({ banners, userId, articles, registerArticle, toggleLike, countView }),
    [banners, userId, articles, registerArticle, toggleLike, countView],
  );
  return <Context.Provider value={value}>{children}</Context.Provider>;
}

/** The shared site context; throws with the fix when used outside {@link SiteProvider}. */
export function useSite(): SiteContextValue {
  const value = useContext(Context);
  if (!value) throw new Error('No SiteProvider found: wrap your page in <SiteProvider>');
  return value;
}
