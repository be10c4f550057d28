import { describe, expect, it } from 'vitest';
import { commerceQueryKey } from '../../src/commerce/index.ts';
import { createSiteClients } from '../../src/site/siteClients.tsx';

describe("the site's commerce client", () => {
  it('is one client per signed-in buyer, so one buyer never reads the cache entries of another', async () => {
    const clients = createSiteClients();
    const a = await clients.loadCommerce('token-of-buyer-a');
    expect(await clients.loadCommerce('token-of-buyer-a')).toBe(a); // same buyer, same client and cache entries

    const b = await clients.loadCommerce('token-of-buyer-b');
    expect(b).not.toBe(a);
    expect(commerceQueryKey(b, 'Me', 'Get')).not.toEqual(commerceQueryKey(a, 'Me', 'Get'));

    const anonymous = await clients.loadCommerce(undefined); // signed out
    expect(commerceQueryKey(anonymous, 'Me')).not.toEqual(commerceQueryKey(b, 'Me'));
    expect(JSON.stringify(commerceQueryKey(b, 'Me', 'Get'))).not.toContain('token-of-buyer-b');
  });
});
