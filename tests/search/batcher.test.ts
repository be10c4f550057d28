import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { setTimerProvider } from '../../src/core/scheduler.ts';
import {
  SearchServiceError,
  WidgetRequestCanceledError,
  createWidgetBatcher,
  type BatchProcessor,
  type SearchRequest,
  type Widget,
} from '../../src/search/index.ts';
import { answerFor } from './support.tsx';

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

/** A processor that records bodies and answers each item, optionally held until released. */
function processor(hold = false) {
  const bodies: SearchRequest[] = [];
  const signals: AbortSignal[] = [];
  const pending: Array<() => void> = [];
  const process: BatchProcessor = async (body, { signal }) => {
    bodies.push(body);
    signals.push(signal);
    if (hold) await new Promise<void>((r) => pending.push(r));
    return { widgets: body.widget.items.map(answerFor) };
  };
  return { process, bodies, signals, release: () => pending.splice(0).forEach((r) => r()) };
}

const contentOf = (w: Widget) => ('content' in w ? (w.content ?? []) : []);
const item = (rfk_id: string, keyphrase?: string) => ({
  rfk_id,
  entity: 'content',
  ...(keyphrase ? { search: { query: { keyphrase } } } : {}),
});

describe('widget batcher', () => {
  it('sends N widget requests of one tick as one POST, 250 ms after the last', async () => {
    const p = processor();
    const batcher = createWidgetBatcher({ process: p.process });
    const results = Array.from({ length: 12 }, (_, i) =>
      batcher.request({ key: `w${i}`, item: item(`rfk_${i}`), context: { page: { uri: '/' } } }),
    );
    await vi.advanceTimersByTimeAsync(249);
    expect(p.bodies).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(p.bodies).toHaveLength(1);
    expect(p.bodies[0]?.widget.items.map((i) => i.rfk_id)).toEqual(Array.from({ length: 12 }, (_, i) => `rfk_${i}`));
    expect(p.bodies[0]?.context).toEqual({ page: { uri: '/' } });
    const widgets = await Promise.all(results);
    expect(widgets.map((w) => w.rfk_id)).toEqual(Array.from({ length: 12 }, (_, i) => `rfk_${i}`));
  });

  it('accumulates: each request inside the window restarts it', async () => {
    const p = processor();
    const batcher = createWidgetBatcher({ process: p.process });
    void batcher.request({ key: 'a', item: item('a') });
    await vi.advanceTimersByTimeAsync(200);
    void batcher.request({ key: 'b', item: item('b') });
    await vi.advanceTimersByTimeAsync(200);
    expect(p.bodies).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(50);
    expect(p.bodies.map((b) => b.widget.items.length)).toEqual([2]);
  });

  it('sends a widget that arrives after the flush in a second POST', async () => {
    const p = processor();
    const batcher = createWidgetBatcher({ process: p.process });
    const first = batcher.request({ key: 'a', item: item('a') });
    await vi.advanceTimersByTimeAsync(250);
    const late = batcher.request({ key: 'b', item: item('b') });
    await vi.advanceTimersByTimeAsync(250);
    expect(p.bodies.map((b) => b.widget.items.map((i) => i.rfk_id))).toEqual([['a'], ['b']]);
    expect((await first).rfk_id).toBe('a');
    expect((await late).rfk_id).toBe('b');
  });

  it('sends one POST per distinct context, comparing contexts as JSON whatever the key order', async () => {
    const p = processor();
    const batcher = createWidgetBatcher({ process: p.process });
    void batcher.request({
      key: 'a',
      item: item('a'),
      context: { page: { uri: '/x' }, locale: { country: 'gb', language: 'en' } },
    });
    void batcher.request({
      key: 'b',
      item: item('b'),
      context: { locale: { language: 'en', country: 'gb' }, page: { uri: '/x' } },
    });
    void batcher.request({ key: 'c', item: item('c'), context: { page: { uri: '/y' } } });
    void batcher.request({
      key: 'd',
      item: item('d'),
      context: { page: { uri: '/x' }, locale: { country: 'gb', language: 'en' } },
      debounceBy: 'later',
    });
    await vi.advanceTimersByTimeAsync(250);
    expect(p.bodies.map((b) => b.widget.items.map((i) => i.rfk_id))).toEqual([['a', 'b'], ['c'], ['d']]);
  });

  it('lets the latest queued request of a widget instance win; the older one is canceled', async () => {
    const p = processor();
    const batcher = createWidgetBatcher({ process: p.process });
    const old = batcher.request({ key: 'w', item: item('rfk_7', 'sat') });
    const latest = batcher.request({ key: 'w', item: item('rfk_7', 'satellite') });
    await expect(old).rejects.toBeInstanceOf(WidgetRequestCanceledError);
    await vi.advanceTimersByTimeAsync(250);
    expect(p.bodies).toHaveLength(1);
    expect(p.bodies[0]?.widget.items).toEqual([item('rfk_7', 'satellite')]);
    expect((await latest).rfk_id).toBe('rfk_7');
  });

  it('cancels an older in-flight request: its answer is ignored, and its POST aborted once nobody waits for it', async () => {
    const p = processor(true);
    const batcher = createWidgetBatcher({ process: p.process });
    const old = batcher.request({ key: 'w', item: item('rfk_7', 'sat') });
    const other = batcher.request({ key: 'x', item: item('rfk_1') });
    await vi.advanceTimersByTimeAsync(250);
    const latest = batcher.request({ key: 'w', item: item('rfk_7', 'satellite') });
    const canceled = await old.catch((e: unknown) => e);
    expect(canceled).toBeInstanceOf(WidgetRequestCanceledError);
    expect((canceled as Error).message).toBe('Request canceled');
    expect((canceled as Error).name).toBe('AbortError');
    expect(p.signals[0]?.aborted).toBe(false); // rfk_1 still waits for that POST
    await vi.advanceTimersByTimeAsync(250);
    p.release();
    expect((await other).rfk_id).toBe('rfk_1');
    const won = await latest;
    expect(won.rfk_id).toBe('rfk_7');
    expect(contentOf(won)[0]?.id).toBe('satellite-0');

    const solo = batcher.request({ key: 'y', item: item('rfk_9') });
    await vi.advanceTimersByTimeAsync(250);
    void batcher.request({ key: 'y', item: item('rfk_9', 'new') });
    await expect(solo).rejects.toBeInstanceOf(WidgetRequestCanceledError);
    expect(p.signals[2]?.aborted).toBe(true);
  });

  it('cancels a request whose signal aborts, queued or in flight', async () => {
    const p = processor();
    const batcher = createWidgetBatcher({ process: p.process });
    const controller = new AbortController();
    const aborted = batcher.request({ key: 'a', item: item('a'), signal: controller.signal });
    const kept = batcher.request({ key: 'b', item: item('b') });
    controller.abort();
    await expect(aborted).rejects.toBeInstanceOf(WidgetRequestCanceledError);
    await vi.advanceTimersByTimeAsync(250);
    expect(p.bodies[0]?.widget.items.map((i) => i.rfk_id)).toEqual(['b']);
    await kept;
    const already = new AbortController();
    already.abort();
    await expect(batcher.request({ key: 'c', item: item('c'), signal: already.signal })).rejects.toBeInstanceOf(
      WidgetRequestCanceledError,
    );
  });

  it('matches by rfk_id and entity, and fails a widget missing from the answer with the exact message', async () => {
    const process: BatchProcessor = async () => ({
      widgets: [{ rfk_id: 'rfk_1', entity: 'product', type: 'recommendation', content: [] }],
    });
    const batcher = createWidgetBatcher({ process });
    const wrongEntity = expect(
      batcher.request({ key: 'a', item: { rfk_id: 'rfk_1', entity: 'content' } }),
    ).rejects.toThrow(new Error('Response processing error: could not find rfk_1 in response'));
    const missing = expect(
      batcher.request({ key: 'b', item: { rfk_id: 'rfkid_99', entity: 'content' } }),
    ).rejects.toThrow(new Error('Response processing error: could not find rfkid_99 in response'));
    const right = batcher.request({ key: 'c', item: { rfk_id: 'rfk_1', entity: 'product' } });
    await vi.advanceTimersByTimeAsync(250);
    await wrongEntity;
    await missing;
    expect((await right).entity).toBe('product');
  });

  it('sends two different requests of the same widget in separate POSTs, and identical ones once', async () => {
    const p = processor();
    const batcher = createWidgetBatcher({ process: p.process });
    const a = batcher.request({ key: 'i1', item: item('rfk_7', 'f-35') });
    const b = batcher.request({ key: 'i2', item: item('rfk_7', 'satellite') });
    const c = batcher.request({ key: 'i3', item: item('rfk_7', 'f-35') });
    void batcher.request({ key: 'i4', item: item('rfk_1') });
    await vi.advanceTimersByTimeAsync(250);
    expect(p.bodies.map((body) => body.widget.items)).toEqual([
      [item('rfk_7', 'f-35'), item('rfk_1')],
      [item('rfk_7', 'satellite')],
    ]);
    expect(contentOf(await a)).toEqual(contentOf(await c));
    const other = await b;
    expect(contentOf(other)[0]?.id).toBe('satellite-0');
  });

  it('turns an error body into the service message, and no body into the service-call message', async () => {
    const answers: unknown[] = [{ message: 'Internal server error', code: 500 }, null];
    const batcher = createWidgetBatcher({ process: async () => answers.shift() });
    const first = batcher.request({ key: 'a', item: item('a') }).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(250);
    const e1 = await first;
    expect(e1).toBeInstanceOf(SearchServiceError);
    expect((e1 as SearchServiceError).message).toBe('Internal server error');
    expect((e1 as SearchServiceError).body).toEqual({ message: 'Internal server error', code: 500 });
    const second = batcher.request({ key: 'a', item: item('a') }).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(250);
    expect(await second).toBeInstanceOf(SearchServiceError);
    expect(((await second) as Error).message).toBe('There was a problem on the service call');
  });

  it('rejects every widget of a batch whose processor throws', async () => {
    const batcher = createWidgetBatcher({
      process: async () => Promise.reject(new Error('Could not found an OrderCloud logged user.')),
    });
    const a = expect(batcher.request({ key: 'a', item: item('a') })).rejects.toThrow(
      'Could not found an OrderCloud logged user.',
    );
    const b = expect(batcher.request({ key: 'b', item: item('b') })).rejects.toThrow(
      'Could not found an OrderCloud logged user.',
    );
    await vi.advanceTimersByTimeAsync(250);
    await a;
    await b;
  });

  it('rejects with "No data processor configured" when it has no processor', async () => {
    await expect(createWidgetBatcher().request({ key: 'a', item: item('a') })).rejects.toThrow(
      new Error('No data processor configured'),
    );
  });

  it('flushes on demand, and honours an injected scheduler and window', async () => {
    const p = processor();
    const timers: Array<{ fn: () => void; ms: number }> = [];
    const previous = setTimerProvider({
      setTimeout: (fn, ms) => timers.push({ fn, ms }),
      clearTimeout: () => {},
      setInterval: () => 0,
      clearInterval: () => {},
    });
    onTestFinished(() => void setTimerProvider(previous));
    const batcher = createWidgetBatcher({ process: p.process, debounceMs: 10 });
    void batcher.request({ key: 'a', item: item('a') });
    expect(timers.map((t) => t.ms)).toEqual([10]);
    expect(batcher.queued).toBe(1);
    batcher.flush();
    expect(batcher.queued).toBe(0);
    expect(p.bodies).toHaveLength(1);
  });

  describe('holds (the widgets of one commit, a page not ready yet)', () => {
    it('keeps the queue back while a hold is open however long the CPU takes, and sends it all in one POST as the last hold is released', async () => {
      const p = processor();
      const batcher = createWidgetBatcher({ process: p.process });
      const commit = batcher.hold();
      const page = batcher.hold();
      const first = batcher.request({ key: 'rec', item: item('rfkid_1') });
      // A busy CPU: far more than the debounce window passes before the next widget asks.
      await vi.advanceTimersByTimeAsync(1000);
      expect(p.bodies).toHaveLength(0);
      commit();
      commit();
      await vi.advanceTimersByTimeAsync(0);
      expect(p.bodies).toHaveLength(0);
      const second = batcher.request({ key: 'header', item: item('rfkid_6') });
      page();
      expect(p.bodies).toHaveLength(0);
      // A microtask later, not a timer.
      await Promise.resolve();
      expect(p.bodies.map((b) => b.widget.items.map((i) => i.rfk_id))).toEqual([['rfkid_1', 'rfkid_6']]);
      expect([(await first).rfk_id, (await second).rfk_id]).toEqual(['rfkid_1', 'rfkid_6']);
    });

    it('still debounces what comes after the holds: a later change leaves 250 ms after the last request', async () => {
      const p = processor();
      const batcher = createWidgetBatcher({ process: p.process });
      batcher.hold()();
      await vi.advanceTimersByTimeAsync(0);
      void batcher.request({ key: 'a', item: item('a', 'radar') });
      await vi.advanceTimersByTimeAsync(249);
      expect(p.bodies).toHaveLength(0);
      await vi.advanceTimersByTimeAsync(1);
      expect(p.bodies).toHaveLength(1);
    });

    it('sends nothing for a hold released with nothing queued, and a request queued before a hold leaves with the held ones', async () => {
      const p = processor();
      const batcher = createWidgetBatcher({ process: p.process });
      batcher.hold()();
      await vi.advanceTimersByTimeAsync(0);
      expect(p.bodies).toHaveLength(0);
      void batcher.request({ key: 'a', item: item('a') });
      const release = batcher.hold();
      void batcher.request({ key: 'b', item: item('b') });
      release();
      await vi.advanceTimersByTimeAsync(0);
      expect(p.bodies.map((b) => b.widget.items.map((i) => i.rfk_id))).toEqual([['a', 'b']]);
    });

    it('lets go of a hold nobody releases after 5 s, so a lost release delays the widgets and never blocks them', async () => {
      const p = processor();
      const batcher = createWidgetBatcher({ process: p.process });
      batcher.hold();
      const widget = batcher.request({ key: 'a', item: item('a') });
      await vi.advanceTimersByTimeAsync(4999);
      expect(p.bodies).toHaveLength(0);
      await vi.advanceTimersByTimeAsync(1);
      expect(p.bodies).toHaveLength(1);
      expect((await widget).rfk_id).toBe('a');
    });

    it('sends at once on flush() even while held', () => {
      const p = processor();
      const batcher = createWidgetBatcher({ process: p.process });
      batcher.hold();
      void batcher.request({ key: 'a', item: item('a') });
      batcher.flush();
      expect(p.bodies).toHaveLength(1);
    });
  });
});
