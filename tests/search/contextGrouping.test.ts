import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SearchContext, SearchRequest } from '../../src/search/index.ts';
import { testClient } from './support.tsx';

// The second line behind batcher.test.ts's example, through the client a page uses: whatever
// contexts the widgets of a page ask with, each answer is for the context its widget sent (a German
// widget never gets an English page's answer), and the page still makes one request per context.

afterEach(() => {
  vi.useRealTimers();
});

const CONTEXTS: SearchContext[] = [
  { page: { uri: '/' }, locale: { language: 'en', country: 'gb' } },
  { page: { uri: '/' }, locale: { language: 'de', country: 'de' } },
  { page: { uri: '/search' }, locale: { language: 'en', country: 'gb' } },
  { page: { uri: '/' }, locale: { language: 'en', country: 'gb' }, user: { uuid: 'someone-else' } },
];

describe('widget requests with any mix of contexts', () => {
  it('leave in one POST per distinct context, each widget in the POST of its own context', async () => {
    vi.useFakeTimers();
    await fc.assert(
      fc.asyncProperty(fc.array(fc.nat(CONTEXTS.length - 1), { minLength: 1, maxLength: 8 }), async (picks) => {
        const { client, service } = testClient();
        const asked = picks.map((pick, i) => ({ rfk_id: `rfk_${i}`, context: CONTEXTS[pick]! }));
        const answers = Promise.all(
          asked.map(({ rfk_id, context }) => client.requestWidget({ item: { rfk_id, entity: 'content' }, context })),
        );
        await vi.advanceTimersByTimeAsync(250);
        await answers;
        const bodies = service.searches().map((s) => s.body as SearchRequest);
        expect(bodies).toHaveLength(new Set(picks).size);
        for (const { rfk_id, context } of asked) {
          const body = bodies.find((b) => b.widget.items.some((item) => item.rfk_id === rfk_id))!;
          // The client adds the send time and the visitor; the page's parts are the widget's own.
          expect(body.context).toMatchObject({ page: context.page, locale: context.locale });
          if (context.user) expect(body.context?.user).toMatchObject(context.user);
          else expect(body.context?.user?.uuid).not.toBe('someone-else');
        }
      }),
      { numRuns: 60 },
    );
  });
});
