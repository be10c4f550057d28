import { afterEach, describe, expect, it } from 'vitest';
import { withPrism } from '../support/prism.ts';
import { AuthError, createAuthClient } from '../../src/auth/index.ts';
import { prismClient } from './harness.ts';

const prism = withPrism('auth');
const HERE = 'http://localhost:3000/';
afterEach(() => window.history.replaceState(null, '', '/'));

describe('signIn redirects', () => {
  it('without a provider goes to the sign-in page with the current page as callbackUrl, posting nothing', async () => {
    window.history.replaceState(null, '', '/careers?team=avionics');
    const { client, http, navigate } = prismClient(prism.url);
    expect(await client.signIn()).toBeUndefined();
    expect(navigate).toHaveBeenCalledExactlyOnceWith(
      `${prism.url}/signin?callbackUrl=${encodeURIComponent('http://localhost:3000/careers?team=avionics')}`,
    );
    expect(http.routes()).toEqual(['GET /providers']);
  });

  it('with an unknown provider (or an inherited key such as toString) goes to the sign-in page', async () => {
    for (const provider of ['github', 'toString', '__proto__']) {
      const { client, http, navigate } = prismClient(prism.url);
      await client.signIn(provider, { callbackUrl: '/space-systems' });
      expect(navigate).toHaveBeenCalledExactlyOnceWith(`${prism.url}/signin?callbackUrl=%2Fspace-systems`);
      expect(http.routes()).toEqual(['GET /providers']);
    }
  });

  it('goes to the error page when the provider list cannot be fetched', async () => {
    const { client, navigate, log } = prismClient(prism.url, ({ path }) =>
      path === '/providers' ? 'code=500' : undefined,
    );
    expect(await client.signIn('credentials', { redirect: false })).toBeUndefined();
    expect(navigate).toHaveBeenCalledExactlyOnceWith(`${prism.url}/error`);
    expect(log.codes()).toEqual(['CLIENT_FETCH_ERROR']);
  });

  it('honours the base path in every redirect', async () => {
    const base = prismClient(prism.url, undefined, { basePath: '/custom/auth/' });
    base.client.options.fetch = async (input, init) => {
      // Serve /custom/auth/* from Prism's root, as the site's proxy does for /api/auth.
      const url = new URL(String(input));
      url.pathname = url.pathname.replace('/custom/auth', '');
      return fetch(url, init);
    };
    await base.client.signIn('github');
    await base.client.signOut({ callbackUrl: '/' });
    expect(base.navigate.mock.calls).toEqual([
      [`${prism.url}/custom/auth/signin?callbackUrl=${encodeURIComponent(HERE)}`],
      ['https://www.aero.example/space-systems'],
    ]);
    expect(base.client.url('error')).toBe(`${prism.url}/custom/auth/error`);
  });

  it('follows the OAuth reply even with redirect: false (OAuth always redirects)', async () => {
    const { client, navigate } = prismClient(prism.url);
    expect(await client.signIn('azure-ad', { redirect: false })).toBeUndefined();
    expect(navigate.mock.calls[0]?.[0]).toMatch(/^https:\/\/login\.microsoftonline\.com\//);
  });

  it('follows the credentials reply with redirect on (the default), telling the other tabs first', async () => {
    const { client, navigate, messages } = prismClient(prism.url);
    navigate.mockImplementation(() =>
      expect(messages.map((m) => JSON.parse(m).data)).toEqual([{ trigger: 'getSession' }]),
    );
    await client.signIn('credentials', { username: 'aokafor', password: 'pw', callbackUrl: '/careers' });
    expect(navigate).toHaveBeenCalledExactlyOnceWith('https://www.aero.example/careers');
    expect(navigate).toHaveReturned();
  });

  it('tells no tab after rejected credentials, and follows the reply to the error page', async () => {
    const { client, navigate, messages } = prismClient(prism.url, ({ method }) =>
      method === 'POST' ? 'code=401' : undefined,
    );
    await client.signIn('credentials', { username: 'aokafor', password: 'wrong' });
    expect(navigate).toHaveBeenCalledExactlyOnceWith(
      'https://www.aero.example/api/auth/error?error=CredentialsSignin&provider=credentials',
    );
    expect(messages).toEqual([]);
  });

  it('goes to the error page when the sign-in post fails, keeping the authorization params out of the log', async () => {
    const { client, navigate, log } = prismClient(prism.url, ({ method }) =>
      method === 'POST' ? 'code=500' : undefined,
    );
    await client.signIn('azure-ad', {}, { login_hint: 'ada.okafor@example.com' });
    expect(navigate).toHaveBeenCalledExactlyOnceWith(`${prism.url}/error`);
    const { error, url } = log.entries[0]!.metadata as { error: Error; url: string };
    expect(log.codes()).toEqual(['CLIENT_FETCH_ERROR']);
    expect(url).toBe(`${prism.url}/signin/azure-ad`);
    expect(error.message).not.toContain('ada.okafor');
  });

  it('without a CSRF token posts nothing: error page, or CLIENT_FETCH_ERROR with redirect: false', async () => {
    const prefer = ({ path }: { path: string }) => (path === '/csrf' ? 'code=500' : undefined);
    const redirecting = prismClient(prism.url, prefer);
    await redirecting.client.signIn('credentials', { username: 'a', password: 'b' });
    expect(redirecting.navigate).toHaveBeenCalledExactlyOnceWith(`${prism.url}/error`);
    const quiet = prismClient(prism.url, prefer);
    expect(await quiet.client.signIn('credentials', { username: 'a', password: 'b', redirect: false })).toEqual({
      error: 'CLIENT_FETCH_ERROR',
      status: 0,
      ok: false,
      url: null,
    });
    expect(quiet.http.routes()).toEqual(['GET /providers', 'GET /csrf']);
    const out = prismClient(prism.url, prefer);
    expect(await out.client.signOut({ redirect: false })).toBeNull();
    expect(out.http.routes()).toEqual(['GET /csrf']);
    expect(out.messages).toEqual([]);
  });
});

describe('default navigation', () => {
  it('sets location.href (a same-page URL with a hash changes the hash; the client then reloads)', () => {
    createAuthClient().navigate('http://localhost:3000/#apply');
    expect(location.hash).toBe('#apply');
  });
});

describe('a callbackUrl that leaves the site is refused (INVALID_CALLBACK_URL_ERROR)', () => {
  const offSite = [
    'https://evil.example/steal',
    '//evil.example/steal',
    'javascript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'http://localhost:3001/',
    'https://localhost:3000/',
    '/\\evil.example/steal',
    '\\\\evil.example/steal',
    'java\tscript:alert(1)',
    'blob:http://localhost:3000/1b9d6bcd',
  ];

  it.each(offSite)('signIn refuses %s before sending anything', async (callbackUrl) => {
    const { client, http, navigate, log } = prismClient(prism.url);
    const failure = await client
      .signIn('credentials', { callbackUrl, username: 'a', password: 'b' })
      .catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(AuthError);
    expect(failure).toMatchObject({
      code: 'INVALID_CALLBACK_URL_ERROR',
      message: `callbackUrl must be on http://localhost:3000: ${callbackUrl}`,
    });
    expect(log.entries).toEqual([{ level: 'error', code: 'INVALID_CALLBACK_URL_ERROR', metadata: failure }]);
    expect(http.calls).toEqual([]);
    expect(navigate).not.toHaveBeenCalled();
  });

  it('signOut refuses an off-site callbackUrl and stays signed in', async () => {
    const { client, http, messages } = prismClient(prism.url);
    await expect(client.signOut({ callbackUrl: 'https://evil.example/' })).rejects.toMatchObject({
      code: 'INVALID_CALLBACK_URL_ERROR',
    });
    expect(http.calls).toEqual([]);
    expect(messages).toEqual([]);
  });

  it('accepts relative and same-origin URLs', async () => {
    for (const callbackUrl of ['/careers', 'careers?x=1', 'http://localhost:3000/space-systems#launch']) {
      const { client, http } = prismClient(prism.url);
      await client.signIn('credentials', { callbackUrl, username: 'a', password: 'b' });
      expect(http.form('POST', '/callback/credentials').callbackUrl).toBe(callbackUrl);
    }
  });
});

describe('a reply url that leaves the site and its allowed origins is not followed (INVALID_REDIRECT_URL_ERROR)', () => {
  // Prism answers for real; its `{ url }` is then swapped, as a compromised or misconfigured auth route would answer.
  const withReplyUrl = (client: ReturnType<typeof prismClient>['client'], url: string) => {
    const send = client.options.fetch!;
    client.options.fetch = async (input, init) => {
      const answer = await send(input, init);
      if (init?.method !== 'POST') return answer;
      const body = { ...(await answer.json()), url };
      return new Response(JSON.stringify(body), { status: answer.status, headers: answer.headers });
    };
  };
  const HOSTILE = [
    'javascript:alert(document.cookie)',
    'JaVaScRiPt:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox(1)',
    'https://evil.example/phish',
    '//evil.example/phish',
    '/\\evil.example',
    '/.//evil.example',
    'http://exa mple',
  ];

  it.each(HOSTILE)('signIn with %j goes to the callbackUrl and logs the refusal', async (url) => {
    const { client, navigate, log } = prismClient(prism.url);
    withReplyUrl(client, url);
    await client.signIn('credentials', { username: 'aokafor', password: 'pw', callbackUrl: '/careers' });
    expect(navigate).toHaveBeenCalledExactlyOnceWith('/careers');
    expect(log.codes()).toEqual(['INVALID_REDIRECT_URL_ERROR']);
  });

  it.each(HOSTILE)('an OAuth signIn with %j goes to the callbackUrl', async (url) => {
    const { client, navigate, log } = prismClient(prism.url);
    withReplyUrl(client, url);
    await client.signIn('azure-ad', { callbackUrl: '/space-systems' });
    expect(navigate).toHaveBeenCalledExactlyOnceWith('/space-systems');
    expect(log.codes()).toEqual(['INVALID_REDIRECT_URL_ERROR']);
  });

  it.each(HOSTILE)('signOut with %j goes to the callbackUrl', async (url) => {
    const { client, navigate, log } = prismClient(prism.url);
    withReplyUrl(client, url);
    await client.signOut({ callbackUrl: '/' });
    expect(navigate).toHaveBeenCalledExactlyOnceWith('/');
    expect(log.codes()).toEqual(['INVALID_REDIRECT_URL_ERROR']);
  });

  it('follows the site itself and the allowed origins only', async () => {
    for (const [url, followed] of [
      [`${location.origin}/account#orders`, `${location.origin}/account#orders`],
      ['/account', '/account'],
      [
        'https://login.microsoftonline.com/common/oauth2/v2.0/authorize?x=1',
        'https://login.microsoftonline.com/common/oauth2/v2.0/authorize?x=1',
      ],
      ['https://login.microsoftonline.com.evil.example/', '/'],
      ['http://login.microsoftonline.com/', '/'],
    ] as const) {
      const { client, navigate } = prismClient(prism.url);
      withReplyUrl(client, url);
      await client.signOut({ callbackUrl: '/' });
      expect(navigate).toHaveBeenCalledExactlyOnceWith(followed);
    }
    // Without allowed origins, only the site itself.
    const { client, navigate } = prismClient(prism.url, undefined, { redirectOrigins: [] });
    withReplyUrl(client, 'https://login.microsoftonline.com/x');
    await client.signOut({ callbackUrl: '/bye' });
    expect(navigate).toHaveBeenCalledExactlyOnceWith('/bye');
  });
});
