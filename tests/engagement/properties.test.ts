import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  EngageError,
  init,
  QUEUE_KEY,
  type EngageSdk,
  type EngageSettings,
  type QueueEntry,
} from '../../src/engagement/index.ts';
import { resetBrowser, setPage } from './support.ts';

// Unit properties: the network is a fetch stub here (the payloads are checked against
// the contract in the Prism tests). "Offline" makes every send fail without an answer.
const offline = vi.fn(() => Promise.reject(new TypeError('Failed to fetch')));

/** Runs `act`; returns 'ok', or the thrown value when it is not a coded EngageError. */
async function onlyCodedErrors(act: () => unknown): Promise<'ok' | 'coded' | { unexpected: unknown }> {
  try {
    await act();
    return 'ok';
  } catch (error) {
    return error instanceof EngageError && /^\[[A-Z]{2}-\d{4}\] /.test(error.message) ? 'coded' : { unexpected: error };
  }
}

const loose = fc.anything({ maxDepth: 2 });
const maybe = <T>(arb: fc.Arbitrary<T>) => fc.oneof(arb, loose);
const settingsArb = fc.record(
  {
    clientKey: maybe(fc.constantFrom('ck', '', ' ', 'k-1')),
    targetURL: maybe(
      fc.constantFrom('https://engage.example.com', 'https://e.example.com/prefix/', 'not a url', '', 'ftp://x'),
    ),
    pointOfSale: maybe(fc.constantFrom('ngc', '', '  ', 'myretail/ie')),
    includeUTMParameters: maybe(fc.boolean()),
    cookieExpiryDays: maybe(fc.integer({ min: -5, max: 1000 })),
    cookieDomain: maybe(fc.constantFrom('localhost', '')),
    cookiePath: maybe(fc.constantFrom('/', '/careers', '')),
    forceServerCookieMode: maybe(fc.boolean()),
    webPersonalization: maybe(
      fc.oneof(
        fc.boolean(),
        fc.record(
          { asyncScriptLoading: fc.boolean(), baseURLOverride: fc.constant('https://cdn.example.com') },
          { requiredKeys: [] },
        ),
      ),
    ),
  },
  { requiredKeys: [] },
);

const dateLike = fc.oneof(
  fc.constantFrom('1990-01-01T00:00', '1990-01-01', '2030-02-30T10:00', '', '1990-01-01T00:00:00'),
  fc.date({ noInvalidDate: true }).map((d) => d.toISOString().slice(0, 16)),
  fc.string(),
);
const identityArb = fc.record(
  {
    identifiers: maybe(
      fc.array(
        fc.record(
          { id: fc.string(), provider: fc.string(), expiryDate: maybe(dateLike) },
          { requiredKeys: ['id', 'provider'] },
        ),
        { maxLength: 3 },
      ),
    ),
    email: maybe(fc.oneof(fc.emailAddress(), fc.string())),
    dob: maybe(dateLike),
    firstName: fc.string(),
    pointOfSale: maybe(fc.constantFrom('ngc', '', ' ')),
  },
  { requiredKeys: [] },
);
const extArb = fc.oneof(fc.dictionary(fc.string({ maxLength: 3 }), loose, { maxKeys: 60 }), loose);
const dataArb = fc.oneof(fc.dictionary(fc.string({ maxLength: 8 }), loose, { maxKeys: 6 }), loose);

async function start(pointOfSale?: string): Promise<EngageSdk> {
  document.cookie = 'bid_ck=b-123; Path=/';
  return init({ clientKey: 'ck', targetURL: 'https://engage.example.com', pointOfSale });
}

beforeEach(() => {
  resetBrowser();
  setPage('/careers?utm_source=x', 'en-US');
  offline.mockClear();
  vi.stubGlobal('fetch', offline);
});
afterEach(() => vi.unstubAllGlobals());

describe('validation never fails with anything but a coded error', () => {
  it('init, for random settings', async () => {
    await fc.assert(
      fc.asyncProperty(settingsArb, async (settings) => {
        resetBrowser();
        expect(await onlyCodedErrors(() => init(settings as EngageSettings))).not.toHaveProperty('unexpected');
      }),
      { numRuns: 150 },
    );
  });

  it('every event method, addToEventQueue and personalize, for random event data and extension data', async () => {
    const sdk = await start('ngc');
    const noPos = await start();
    await fc.assert(
      fc.asyncProperty(
        fc.boolean(),
        fc.string(),
        dataArb,
        extArb,
        identityArb,
        loose,
        async (withPos, type, data, ext, identity, timeout) => {
          const s = withPos ? sdk : noPos;
          const calls = [
            () => s.event(type, data as never, ext as never),
            () => s.pageView(data as never, ext as never),
            () => s.identity(identity as never, ext as never),
            () => s.form(type, type as never, data as never),
            () => s.addToEventQueue(type, data as never, ext as never),
            () =>
              s.personalize({ ...(typeof data === 'object' ? data : {}), friendlyId: type } as never, timeout as never),
            () => s.updatePointOfSale(type),
          ];
          for (const call of calls) expect(await onlyCodedErrors(call)).not.toHaveProperty('unexpected');
        },
      ),
      { numRuns: 200 },
    );
  });

  it('identity accepts exactly the dates that read yyyy-mm-ddThh:mm as a real UTC time', async () => {
    const sdk = await start('ngc');
    await fc.assert(
      fc.asyncProperty(dateLike, async (dob) => {
        const valid = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(dob) && new Date(`${dob}Z`).toISOString().startsWith(dob);
        const outcome = await onlyCodedErrors(() => sdk.identity({ identifiers: [{ id: 'i', provider: 'p' }], dob }));
        expect(outcome).toBe(valid ? 'ok' : 'coded');
      }),
    );
  });
});

describe('a queued event is never lost', () => {
  type Command = { kind: 'add' } | { kind: 'process'; settle: boolean };
  const commandArb: fc.Arbitrary<Command> = fc.oneof(
    fc.constant({ kind: 'add' as const }),
    fc.record({ kind: fc.constant('process' as const), settle: fc.boolean() }),
  );

  it('for random adds, overlapping processEventQueue runs and random send failures', async () => {
    const sdk = await start('ngc');
    await fc.assert(
      fc.asyncProperty(
        fc.array(commandArb, { maxLength: 25 }),
        fc.array(fc.constantFrom('ok', 'network', '500', '400'), { minLength: 1 }),
        async (commands, outcomes) => {
          sessionStorage.clear();
          const accepted: string[] = [];
          let turn = 0;
          vi.stubGlobal('fetch', async (_url: string, request: RequestInit) => {
            const outcome = outcomes[turn++ % outcomes.length];
            await Promise.resolve();
            if (outcome === 'network') throw new TypeError('Failed to fetch');
            if (outcome !== 'ok') return new Response('{"error_msg":"no","moreInfo":"x"}', { status: Number(outcome) });
            accepted.push((JSON.parse(String(request.body)) as { label: string }).label);
            return new Response('{"ref":"r","status":"OK","version":"1.2","client_key":"ck"}', { status: 201 });
          });
          const added: string[] = [];
          const runs: Promise<unknown>[] = [];
          for (const command of commands) {
            if (command.kind === 'add') {
              const label = `e${added.length}`;
              added.push(label);
              sdk.addToEventQueue('CTA_CLICK', { label });
            } else {
              runs.push(sdk.processEventQueue());
              if (command.settle) await runs.at(-1);
            }
          }
          await Promise.all(runs);
          const queued = (JSON.parse(sessionStorage.getItem(QUEUE_KEY) ?? '[]') as QueueEntry[]).map((e) =>
            String(e.eventData.label),
          );
          expect([...accepted, ...queued].sort()).toEqual([...added].sort());
          expect(new Set(accepted).size).toBe(accepted.length);
          expect(queued).toEqual(added.filter((label) => !accepted.includes(label)));
        },
      ),
      { numRuns: 150 },
    );
  });
});
