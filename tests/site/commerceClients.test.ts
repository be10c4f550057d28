import { describe, expect, it } from 'vitest';
import { commerceQueryKey } from '../../src/commerce/index.ts';
import { createSiteClients } from '../../src/site/siteClients.tsx';

describe("the site's commerce client", () => {
  it('is one client per signed-in buyer, so one buyer never reads the cache entries of another', async () => {
    let token: string | undefined = 'token-of-buyer-a';
    const clients = createSiteClients(() => token);
    const a = await clients.loadCommerce();
    expect(await clients.loadCommerce()).toBe(a); // same buyer, same client and cache entries

    token = 'token-of-buyer-b';
    const b = await clients.loadCommerce();
    expect(b).not.toBe(a);
    expect(commerceQueryKey(b, 'Me', 'Get')).not.toEqual(commerceQueryKey(a, 'Me', 'Get'));

    token = undefined; // signed out
    const anonymous = await clients.loadCommerce();
    expect(commerceQueryKey(anonymous, 'Me')).not.toEqual(commerceQueryKey(b, 'Me'));
    expect(JSON.stringify(commerceQueryKey(b, 'Me', 'Get'))).not.toContain('token-of-buyer-b');
  });
});
