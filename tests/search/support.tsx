import { setImmediate as realSetImmediate } from 'node:timers';
import { act, render, type RenderResult } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { vi } from 'vitest';
import {
  createSearchClient,
  type SearchClient,
  type SearchConfig,
  type SearchRequest,
  type Widget,
  type WidgetItem,
} from '../../src/search/index.ts';
import { WidgetsProvider } from '../../src/search/react.tsx';

/** One request the fake service received. */
interface SeenCall {
  url: string;
  method: string;
  headers: Headers;
  body: unknown;
  signal?: AbortSignal | null;
  keepalive?: boolean;
}

/** The widget the fake service answers for a request item (by rfk id prefix), mirroring the request so tests see changes. */
export function answerFor(item: WidgetItem): Widget {
  const { rfk_id, entity } = item;
  const search = item.search ?? {};
  const offset = search.offset ?? 0;
  const limit = search.limit ?? 3;
  const word = search.query?.keyphrase ?? 'all';
  const content = Array.from({ length: Math.min(limit, 3) }, (_, i) => ({
    id: `${word}-${offset + i}`,
    name: `Result ${offset + i + 1} for ${word}`,
    url: `/r/${word}/${offset + i}`,
    type: 'article',
  }));
  if (rfk_id.startsWith('rec')) return { rfk_id, entity, type: 'recommendation', content };
  if (rfk_id.startsWith('preview')) {
    const suggestion = {
      content_name_context_aware: ['one', 'two', 'three', 'four', 'five'].map((t) => ({ text: `${word} ${t}` })),
    };
    return { rfk_id, entity, type: 'preview_search', content, suggestion };
  }
  if (rfk_id.startsWith('html'))
    return {
      rfk_id,
      entity,
      type: 'html_block',
      appearance: { templates: { html: { devices: { pc: { content: `<p>Block ${rfk_id}</p>` } } } } },
    };
  return {
    rfk_id,
    entity,
    type: 'content_grid',
    content,
    total_item: 30,
    limit,
    offset,
    facet: [
      {
        name: 'type',
        label: 'Content type',
        value: [
          { id: 'ft_article', text: 'Article', count: 20 },
          { id: 'ft_career', text: 'Career', count: 10 },
        ],
      },
      { name: 'year', label: 'Year', value: [{ id: 'fy_2020', text: '2020 – 2025', min: 2020, max: 2025 }] },
    ],
    sort: {
      choices: [
        { name: 'relevance', label: 'Most relevant', order: 'desc' },
        { name: 'publish_date', label: 'Newest first', order: 'desc' },
      ],
    },
  };
}

/** Options of {@link fakeService}. */
export interface FakeServiceOptions {
  /** Answer a search body; defaults to one widget per item from {@link answerFor}. */
  respond?: (body: SearchRequest) => { status?: number; body?: unknown };
  /** Hold every answer until `release()` is called (switch with `hold(on)`). */
  hold?: boolean;
}

/**
 * A fetch standing in for the hosted service in unit tests (the contract tests use
 * Prism): it records every call, answers search bodies, accepts events with 202,
 * and honours abort signals.
 */
export function fakeService(options: FakeServiceOptions = {}) {
  const calls: SeenCall[] = [];
  const held: Array<() => void> = [];
  let holding = options.hold ?? false;
  const fetch = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    const call = {
      url: String(input),
      method: init.method ?? 'GET',
      headers: new Headers(init.headers),
      body,
      signal: init.signal,
      keepalive: init.keepalive,
    };
    calls.push(call);
    if (holding) await new Promise<void>((resolve) => held.push(resolve));
    if (init.signal?.aborted) throw new DOMException('The operation was aborted.', 'AbortError');
    if (call.url.includes('/event/')) return new Response(null, { status: 202 });
    const answer = options.respond?.(body as SearchRequest) ?? {
      body: { widgets: (body as SearchRequest).widget.items.map(answerFor), dt: 1, ts: 1 },
    };
    return new Response(JSON.stringify(answer.body ?? null), {
      status: answer.status ?? 200,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  return {
    fetch: fetch as unknown as typeof globalThis.fetch,
    calls,
    searches: () => calls.filter((c) => !c.url.includes('/event/')),
    events: () => calls.filter((c) => c.url.includes('/event/')),
    release: () => held.splice(0).forEach((r) => r()),
    hold: (on: boolean) => {
      holding = on;
    },
  };
}

/** A silent logger whose calls tests can read. */
export function spyLogger() {
  return { warn: vi.fn(), error: vi.fn() };
}

/** A client on a fake service with a spied logger. */
export function testClient(config: SearchConfig = {}, service = fakeService()) {
  const logger = spyLogger();
  const client = createSearchClient({
    customerKey: '11111-2222222',
    apiKey: 'test-api-key',
    fetch: service.fetch,
    logger,
    ...config,
  });
  return { client, service, logger };
}

/** Renders `ui` inside a WidgetsProvider for `client`, with a fresh query client. */
export function renderWithClient(
  client: SearchClient,
  ui: ReactNode,
  extra: { suspense?: boolean; trackingConsent?: boolean } = {},
): RenderResult {
  const queryClient = new QueryClient();
  return render(
    <WidgetsProvider client={client} queryClient={queryClient} {...extra}>
      {ui}
    </WidgetsProvider>,
  );
}

/**
 * Advances fake timers by `ms` inside act, then lets answers that are already on
 * their way (body streams, React Query's notifications) settle without moving the
 * clock further.
 */
export async function advance(ms: number): Promise<void> {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
    for (let i = 0; i < 20; i += 1) {
      await new Promise((resolve) => realSetImmediate(resolve));
      await vi.advanceTimersByTimeAsync(0);
    }
  });
}

/** An IntersectionObserver stand-in: tests decide what is in view. */
export class MockIntersectionObserver {
  static instances: MockIntersectionObserver[] = [];
  readonly observed: Element[] = [];
  disconnected = false;
  constructor(
    readonly callback: IntersectionObserverCallback,
    readonly options: IntersectionObserverInit = {},
  ) {
    MockIntersectionObserver.instances.push(this);
  }
  observe(element: Element) {
    this.observed.push(element);
  }
  unobserve() {}
  disconnect() {
    this.disconnected = true;
  }
  takeRecords() {
    return [];
  }
  /** Reports `ratio` of every observed element in view. */
  show(ratio: number) {
    const entries = this.observed.map(
      (target) =>
        ({ target, intersectionRatio: ratio, isIntersecting: ratio > 0 }) as unknown as IntersectionObserverEntry,
    );
    this.callback(entries, this as unknown as IntersectionObserver);
  }
}
