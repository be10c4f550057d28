import { describe, expect, it } from 'vitest';
import { articlesReducer, type ArticlesState } from '../../src/site/SiteContext.tsx';

describe('articlesReducer', () => {
  it('registers an article, likes and unlikes it, and counts views', () => {
    let state: ArticlesState = {};
    state = articlesReducer(state, {
      type: 'register',
      id: 'a1',
      article: { title: 'Hypersonics' },
      likeCount: 4,
      viewCount: 10,
      viewsField: 'viewsField',
    });
    expect(state.a1).toEqual({
      article: { title: 'Hypersonics' },
      liked: false,
      likeCount: 4,
      viewsField: 'viewsField',
      viewCount: 10,
    });
    state = articlesReducer(state, { type: 'toggleLike', id: 'a1' });
    expect(state.a1).toMatchObject({ liked: true, likeCount: 5 });
    state = articlesReducer(state, { type: 'countView', id: 'a1' });
    state = articlesReducer(state, {
      type: 'register',
      id: 'a1',
      article: { title: 'Hypersonics (updated)' },
      likeCount: 0,
      viewCount: 0,
    });
    expect(state.a1).toMatchObject({
      article: { title: 'Hypersonics (updated)' },
      liked: true,
      likeCount: 5,
      viewCount: 11,
    });
    state = articlesReducer(state, { type: 'toggleLike', id: 'a1' });
    expect(state.a1).toMatchObject({ liked: false, likeCount: 4 });
  });

  it('ignores likes and views of unknown articles and never counts below zero', () => {
    const start: ArticlesState = {};
    expect(articlesReducer(start, { type: 'toggleLike', id: 'x' })).toBe(start);
    expect(articlesReducer(start, { type: 'countView', id: 'x' })).toBe(start);
    const s = articlesReducer(start, { type: 'register', id: 'b', article: null, likeCount: -3, viewCount: -1 });
    expect(s.b).toMatchObject({ likeCount: 0, viewCount: 0, viewsField: 'viewCount' });
  });
});
