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
        [action.id]: { ...current, liked: !current.liked, likeCount: Math.max(0, current.likeCount + (current.liked ? -1 : 1)) },
      };
    case 'countView':
      if (!current) return state;
      return { ...state, [action.id]: { ...current, viewCount: current.viewCount + 1 } };
  }
}
