import { afterEach, describe, expect, it, vi } from 'vitest';
import { withPrism } from '../support/prism.ts';
import {
  ApiError,
  CommerceError,
  commerceErrorCodes,
  createCommerceClient,
  createGuestTokenSource,
} from '../../src/commerce/index.ts';
import { answerOf, specOf } from './contract.ts';
import { recordingFetch } from './recordingFetch.ts';

// A visitor without a session browses products with a guest token: the buyer app's client id,
// traded at the token endpoint (no version segment, a form body, no bearer token) for a token that
// every product request then carries.

const prism = withPrism('commerce');

const CLIENT_ID = '4A7C2B9E-1D3F-4E5A-8B6C-0D9E8F7A6B5C';
const tokenRow = ['POST', '/oauth/token', [], 0, []] as const;
const { body: tokenExample } = answerOf(tokenRow as never) as {
  body: { access_token: string; expires_in: number };
};

afterEach(() => {
  vi.useRealTimers();
});

describe('the guest token source against Prism', () => {
  it('posts the client-credentials form to /oauth/token without the version segment, and the product request carries the token', async () => {
    const fetch = recordingFetch();
    // Configured with the versioned base address, as a real host is: the token path drops `/v1`.
    const guestToken = createGuestTokenSource({ baseUrl: `${prism.url}/v1`, clientId: CLIENT_ID, fetch });
    // Prism serves the contract's paths at its root.
    const client = createCommerceClient({ baseUrl: prism.url, accessToken: guestToken, fetch });

    const product = await client.Products.Get('TFK-6AL4V-100');
    expect(product).toBeTruthy();

    const [token, call] = fetch.requests;
    expect(token).toMatchObject({ method: 'POST', url: `${prism.url}/oauth/token` });
    expect(token!.headers.get('Content-Type')).toBe('application/x-www-form-urlencoded');
    expect(token!.headers.has('Authorization')).toBe(false);
    expect(Object.fromEntries(new URLSearchParams(token!.body))).toEqual({
      client_id: CLIENT_ID,
      grant_type: 'client_credentials',
      scope: 'Shopper',
    });
    expect(call!.url).toBe(`${prism.url}/products/TFK-6AL4V-100`);
    expect(call!.headers.get('Authorization')).toBe(`Bearer ${tokenExample.access_token}`);
    expect(fetch.requests).toHaveLength(2);
  });

  it('asks once for concurrent callers, reuses the token, and asks again shortly before it expires', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const fetch = recordingFetch();
    const guestToken = createGuestTokenSource({ baseUrl: prism.url, clientId: CLIENT_ID, scope: ['Shopper'], fetch });

    expect(await Promise.all([guestToken(), guestToken(), guestToken()])).toEqual(
      Array(3).fill(tokenExample.access_token),
    );
    expect(await guestToken()).toBe(tokenExample.access_token);
    expect(fetch.requests).toHaveLength(1);

    vi.advanceTimersByTime((tokenExample.expires_in - 120) * 1000); // still well within its lifetime
    await guestToken();
    expect(fetch.requests).toHaveLength(1);

    vi.advanceTimersByTime(90_000); // 30 s before it expires: renewed
    await guestToken();
    expect(fetch.requests).toHaveLength(2);
  });

  it("rejects an unknown client id's 400 with a clear error that names no token, and asks again on the next call", async () => {
    const fetch = recordingFetch({ prefer: 'code=400' });
    const guestToken = createGuestTokenSource({ baseUrl: prism.url, clientId: 'no-such-client', fetch });

    const error = (await guestToken().catch((e: unknown) => e)) as CommerceError;
    expect(error).toBeInstanceOf(CommerceError);
    expect(error.code).toBe(commerceErrorCodes.GUEST_TOKEN_FAILED);
    expect(error.message).toBe(
      'Could not get a guest token for browsing without a session: the token endpoint answered 400: Invalid client ID.',
    );
    expect(error.cause).toBeInstanceOf(ApiError);
    expect(error.message).not.toContain(tokenExample.access_token);

    await guestToken().catch(() => undefined);
    expect(fetch.requests).toHaveLength(2); // a failure is not cached
  });

  it('is declared in the contract with no bearer scheme and a form body', () => {
    const op = specOf(tokenRow as never) as unknown as { security: unknown[]; requestBody: { content: object } };
    expect(op.security).toEqual([]);
    expect(Object.keys(op.requestBody.content)).toEqual(['application/x-www-form-urlencoded']);
  });
});
