import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CommerceError,
  commerceErrorCodes,
  createCommerceClient,
  isApiError,
  type TokenSource,
} from '../../src/commerce/index.ts';
import { CodedError } from '../../src/core/errors.ts';
import { recordingFetch, type Recorded } from './recordingFetch.ts';

const BASE = 'https://stub.test/v1';
const ok = () => Response.json({ ID: 'x' });
/** The order ID (or line item ID) a request was made for: each call in a test uses its own. */
const idOf = (r: Recorded) => r.url.split('/').at(-1)!;
const tokenOf = (r: Recorded) => r.headers.get('Authorization');

function stubClient(
  tokens: { accessToken?: TokenSource; impersonationToken?: TokenSource } = {
    accessToken: 'main',
    impersonationToken: 'imp',
  },
) {
  const fetch = recordingFetch({ answer: ok });
  const client = createCommerceClient({ baseUrl: BASE, fetch, ...tokens });
  const sent = () => Object.fromEntries(fetch.requests.map((r) => [idOf(r), tokenOf(r)]));
  return { client, fetch, sent };
}

describe('As(): the next call of the handle, and only that call, is impersonated', () => {
  it('impersonates As().Get() and not a plain Get() after it', async () => {
    const { client, sent } = stubClient();
    await client.Orders.As().Get('Incoming', 'o1');
    await client.Orders.Get('Incoming', 'o2');
    expect(sent()).toEqual({ o1: 'Bearer imp', o2: 'Bearer main' });
  });

  it('impersonates only the first of two calls on one handle', async () => {
    const { client, sent } = stubClient();
    const handle = client.Orders.As();
    await Promise.all([handle.Get('Incoming', 'o1'), handle.Get('Incoming', 'o2')]);
    expect(sent()).toEqual({ o1: 'Bearer imp', o2: 'Bearer main' });
  });

  it('gives each handle its own next call: two handles of one resource, used in the other order, both impersonate', async () => {
    const { client, sent } = stubClient();
    const first = client.Orders.As();
    const second = client.Orders.As();
    await second.Get('Incoming', 'o1');
    await first.Get('Incoming', 'o2');
    await first.Get('Incoming', 'o3');
    await second.Get('Incoming', 'o4');
    expect(sent()).toEqual({ o1: 'Bearer imp', o2: 'Bearer imp', o3: 'Bearer main', o4: 'Bearer main' });
  });

  it('never leaks an unused handle into later calls on the resource (defect D1)', async () => {
    const { client, sent } = stubClient();
    const kept = client.Orders.As();
    await client.LineItems.Get('Incoming', 'o1', 'li1');
    await client.Orders.Get('Incoming', 'o2');
    await kept.Get('Incoming', 'o3');
    expect(sent()).toEqual({ li1: 'Bearer main', o2: 'Bearer main', o3: 'Bearer imp' });
  });

  it('lets an explicit per-call token win over As() and consumes the handle', async () => {
    const { client, sent } = stubClient();
    const handle = client.Orders.As();
    await handle.Get('Incoming', 'o1', { accessToken: 'explicit' });
    await handle.Get('Incoming', 'o2');
    await client.Orders.Get('Incoming', 'o3', { accessToken: 'other' });
    expect(sent()).toEqual({ o1: 'Bearer explicit', o2: 'Bearer main', o3: 'Bearer other' });
  });

  it('fails clearly without an impersonation token, and sends nothing as the main user', async () => {
    const message =
      'Impersonated call GET https://stub.test/v1/orders/Incoming/o1 has no impersonation token: pass impersonationToken ' +
      'to createCommerceClient (the call was not sent, and never falls back to the main user)';
    const missing = stubClient({ accessToken: 'main' });
    await expect(missing.client.Orders.As().Get('Incoming', 'o1')).rejects.toThrow(message);
    const empty = stubClient({ accessToken: 'main', impersonationToken: async () => undefined });
    await expect(empty.client.Orders.As().Get('Incoming', 'o1')).rejects.toThrow(message);
    expect([...missing.fetch.requests, ...empty.fetch.requests]).toEqual([]);
  });

  it("gives the missing impersonation token the code 'IMPERSONATION_TOKEN_MISSING', not a bare Error", async () => {
    const { client } = stubClient({ accessToken: 'main' });
    const error = await client.Orders.As()
      .Get('Incoming', 'o1')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CommerceError);
    expect(error).toMatchObject({ name: 'CommerceError', code: 'IMPERSONATION_TOKEN_MISSING' });
    // Not an answer from the API: code that checks isApiError for HTTP failures must not see one.
    expect(isApiError(error)).toBe(false);
  });

  it('builds CommerceError on the one error base, with its code from the commerce code table', async () => {
    const { client, fetch } = stubClient({ accessToken: 'main' });
    const error = await client.Me.As()
      .Get()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CodedError);
    expect(error).toMatchObject({ code: commerceErrorCodes.IMPERSONATION_TOKEN_MISSING });
    expect((error as Error).message).toBe(
      'Impersonated call GET https://stub.test/v1/me has no impersonation token: pass impersonationToken to createCommerceClient (the call was not sent, and never falls back to the main user)',
    );
    expect(fetch.requests).toHaveLength(0);
  });

  it('reads token functions (sync or async) at each call', async () => {
    let current = 'first';
    const { client, sent } = stubClient({
      accessToken: () => current,
      impersonationToken: async () => `imp-${current}`,
    });
    await client.Orders.Get('Incoming', 'o1');
    current = 'second';
    await client.Orders.Get('Incoming', 'o2');
    await client.Orders.As().Get('Incoming', 'o3');
    expect(sent()).toEqual({ o1: 'Bearer first', o2: 'Bearer second', o3: 'Bearer imp-second' });
  });

  it('sends no Authorization header when the client has no main token', async () => {
    const { client, fetch } = stubClient({});
    await client.Orders.Get('Incoming', 'o1');
    expect(fetch.requests[0]!.headers.has('Authorization')).toBe(false);
  });
});

type Step = 'plain' | 'as' | 'held' | 'abandoned' | 'explicit' | 'asExplicit' | 'otherResource' | 'otherClient';
const STEPS: Step[] = ['plain', 'as', 'held', 'abandoned', 'explicit', 'asExplicit', 'otherResource', 'otherClient'];

describe('As() under concurrency (fast-check scheduler: every interleaving of answers and token lookups)', () => {
  it('sends every one of thousands of interleaved calls with the token it was made with', async () => {
    let total = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.scheduler(),
        fc.array(fc.constantFrom(...STEPS), { minLength: 1, maxLength: 40 }),
        async (s, steps) => {
          const requests: Recorded[] = [];
          const answer = s.scheduleFunction(async () => ok());
          const fetch = recordingFetch({ answer: (r) => (requests.push(r), answer()) });
          const tokens = (name: string) => ({
            accessToken: s.scheduleFunction(async () => `${name}-main`),
            impersonationToken: s.scheduleFunction(async () => `${name}-imp`),
          });
          const a = createCommerceClient({ baseUrl: BASE, fetch, ...tokens('a') });
          const b = createCommerceClient({ baseUrl: BASE, fetch, ...tokens('b') });
          const expected: Record<string, string> = {};
          let n = 0;
          const id = (token: string) => {
            const key = `c${n++}`;
            expected[key] = `Bearer ${token}`;
            return key;
          };
          const pause = () => s.schedule(Promise.resolve());
          const run: Record<Step, () => Promise<unknown>> = {
            plain: () => a.Orders.Get('Incoming', id('a-main')),
            as: () => a.Orders.As().Get('Incoming', id('a-imp')),
            held: async () => {
              const handle = a.Orders.As();
              await pause();
              await a.Orders.Get('Incoming', id('a-main'));
              await Promise.all([handle.Get('Incoming', id('a-imp')), handle.Get('Incoming', id('a-main'))]);
            },
            abandoned: async () => {
              a.Orders.As();
              await pause();
            },
            explicit: () => a.Orders.Get('Incoming', id('per-call'), { accessToken: 'per-call' }),
            asExplicit: () => a.Orders.As().Get('Incoming', id('per-call'), { accessToken: 'per-call' }),
            otherResource: async () => {
              const handle = a.LineItems.As();
              await a.Orders.Get('Incoming', id('a-main'));
              await handle.Get('Incoming', 'o', id('a-imp'));
            },
            otherClient: async () => {
              const handle = b.Orders.As();
              await Promise.all([a.Orders.Get('Incoming', id('a-main')), b.Orders.Get('Incoming', id('b-main'))]);
              await handle.Get('Incoming', id('b-imp'));
            },
          };
          await s.waitFor(Promise.all(steps.map((step) => run[step]())));
          total += requests.length;
          expect(Object.fromEntries(requests.map((r) => [idOf(r), tokenOf(r)]))).toEqual(expected);
        },
      ),
      { numRuns: 500 },
    );
    expect(total).toBeGreaterThan(3_000);
  }, 60_000);
});

describe('two clients', () => {
  it('never share tokens, even with interleaved calls and impersonation', async () => {
    const fetch = recordingFetch({ answer: ok });
    const one = createCommerceClient({ baseUrl: BASE, fetch, accessToken: 'one', impersonationToken: 'one-imp' });
    const two = createCommerceClient({ baseUrl: BASE, fetch, accessToken: 'two' });
    const handle = one.Orders.As();
    await Promise.all([
      two.Orders.Get('Incoming', 't1'),
      one.Orders.Get('Incoming', 'o1'),
      handle.Get('Incoming', 'o2'),
    ]);
    await expect(two.Orders.As().Get('Incoming', 't2')).rejects.toThrow('has no impersonation token');
    expect(Object.fromEntries(fetch.requests.map((r) => [idOf(r), tokenOf(r)]))).toEqual({
      t1: 'Bearer two',
      o1: 'Bearer one',
      o2: 'Bearer one-imp',
    });
    expect(one.Orders).not.toBe(two.Orders);
    expect(one.Orders).toBe(one.Orders);
  });
});
