import { describe, expect, it } from 'vitest';
import { createWidgetRequest } from '../../src/search/index.ts';

describe('widget request builder', () => {
  it('builds the item the contract describes', () => {
    const item = createWidgetRequest('rfkid_7', 'content')
      .keyphrase('f-35')
      .content(['id', 'name'])
      .facets({ all: true, max: 10 })
      .sort('publish_date', 'desc')
      .filter({ type: 'eq', name: 'type', value: 'article' })
      .limit(3)
      .offset(6)
      .facetType('business_unit', { max: 5 })
      .suggestion('content_name_context_aware', 3)
      .set({ rules: { pin: [{ id: 'cap-f35', slot: 0 }] }, rfk_flags: ['disable_cache'] })
      .build();
    expect(item).toEqual({
      rfk_id: 'rfkid_7',
      entity: 'content',
      rfk_flags: ['disable_cache'],
      rules: { pin: [{ id: 'cap-f35', slot: 0 }] },
      search: {
        query: { keyphrase: 'f-35' },
        content: { fields: ['id', 'name'] },
        facet: { all: true, max: 10, types: [{ name: 'business_unit', max: 5 }] },
        sort: { choices: true, value: [{ name: 'publish_date', order: 'desc' }] },
        filter: { type: 'eq', name: 'type', value: 'article' },
        limit: 3,
        offset: 6,
        suggestion: [{ name: 'content_name_context_aware', max: 3 }],
      },
    });
  });

  it('reads and writes keyed parts like a map, and deletes with undefined', () => {
    const request = createWidgetRequest('r', 'content');
    expect(request.facetType('type')).toBeUndefined();
    request.facetType('type', { max: 5 }).suggestion('s', 2).variable('theme', 'light');
    expect(request.facetType('type')).toEqual({ max: 5 });
    expect(request.suggestion('s')).toBe(2);
    expect(request.variable('theme')).toBe('light');
    expect(request.build()).toMatchObject({
      appearance: { variables: { theme: 'light' } },
      search: { facet: { types: [{ name: 'type', max: 5 }] } },
    });
    request.facetType('type', undefined).suggestion('s', undefined);
    expect(request.build()).toEqual({ rfk_id: 'r', entity: 'content', appearance: { variables: { theme: 'light' } } });
  });

  it('throws "Invalid number of arguments" for a keyed accessor called without a key', () => {
    const request = createWidgetRequest('r', 'content') as unknown as Record<string, (...a: unknown[]) => unknown>;
    for (const name of ['facetType', 'suggestion', 'variable']) {
      expect(() => request[name]?.()).toThrow(new Error('Invalid number of arguments'));
    }
    expect(() => request.facetType?.('a', {}, 'extra')).toThrow(new Error('Invalid number of arguments'));
  });

  it('throws "Invalid map key argument: {arg}" for a key that is not a string', () => {
    const request = createWidgetRequest('r', 'content') as unknown as Record<string, (...a: unknown[]) => unknown>;
    expect(() => request.facetType?.(1)).toThrow(new Error('Invalid map key argument: 1'));
    expect(() => request.suggestion?.(null, 3)).toThrow(new Error('Invalid map key argument: null'));
    expect(() => request.variable?.(true)).toThrow(new Error('Invalid map key argument: true'));
  });

  it('rejects a limit or offset out of range, naming the field and the rule', () => {
    const request = createWidgetRequest('r', 'content');
    expect(() => request.limit(101)).toThrow('Invalid limit: 101. It should be an integer from 0 to 100');
    expect(() => request.limit(2.5)).toThrow('Invalid limit: 2.5');
    expect(() => request.offset(-1)).toThrow('Invalid offset: -1. It should be an integer from 0');
  });

  it('returns a fresh object each build, and removes what is cleared', () => {
    const request = createWidgetRequest('r', 'content').keyphrase('x').filter({ type: 'eq', name: 'a', value: 1 });
    const first = request.build();
    first.search!.query!.keyphrase = 'mutated';
    expect(request.build().search?.query?.keyphrase).toBe('x');
    expect(request.keyphrase('').filter(undefined).build()).toEqual({ rfk_id: 'r', entity: 'content' });
  });
});

describe('widget request builder from an initial item', () => {
  it('takes over the initial facet types and suggestions as maps', () => {
    const request = createWidgetRequest('r', 'content', {
      sources: ['src_news'],
      search: { facet: { all: true, types: [{ name: 'type', max: 5 }] }, suggestion: [{ name: 's' }] },
    });
    expect(request.facetType('type')).toEqual({ max: 5 });
    expect(request.suggestion('s')).toBe(3);
    request.facetType('type', undefined);
    expect(request.build()).toEqual({
      rfk_id: 'r',
      entity: 'content',
      sources: ['src_news'],
      search: { facet: { all: true }, suggestion: [{ name: 's', max: 3 }] },
    });
  });
});
