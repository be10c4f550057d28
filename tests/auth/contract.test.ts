import { describe, expect, it } from 'vitest';
import { withPrism } from '../support/prism.ts';
import { freePort } from '../../scripts/lib/prism.mjs';
import { AuthError } from '../../src/auth/index.ts';
import {
  getCsrfTokenResponse,
  getSessionResponse,
  updateSessionResponse,
} from '../../generated/auth/zod/session/session.ts';
import { getProvidersResponse, signInResponse } from '../../generated/auth/zod/signin/signin.ts';
import { signOutResponse } from '../../generated/auth/zod/signout/signout.ts';
import { prismClient } from './harness.ts';

const prism = withPrism('auth');
const TOKEN = '7b1e3f0c9d8a4e2b6f5c1a0d9e8b7c6a5f4e3d2c1b0a9f8e7d6c5b4a3f2e1d0c';
const HERE = 'http://localhost:3000/';

describe('auth contract: every route, sent by the client to Prism', () => {
  it('GET session: the signed-in example, and null for the signed-out `{}`', async () => {
    const signedIn = prismClient(prism.url);
    const session = await signedIn.client.getSession({ broadcast: false });
    expect(getSessionResponse.parse(session)).toMatchObject({
      user: { name: 'Ada Okafor' },
      expires: '2030-07-14T09:30:00.000Z',
    });
    expect(signedIn.http.routes()).toEqual(['GET /session']);

    const signedOut = prismClient(prism.url, ({ path }) => (path === '/session' ? 'example=signedOut' : undefined));
    expect(await signedOut.client.getSession()).toBeNull();
    expect(signedOut.log.entries).toEqual([]);
  });

  it('GET csrf and GET providers', async () => {
    const { client, http } = prismClient(prism.url);
    expect(await client.getCsrfToken()).toBe(
      getCsrfTokenResponse.parse(await (await fetch(`${prism.url}/csrf`)).json()).csrfToken,
    );
    const providers = await client.getProviders();
    expect(Object.keys(getProvidersResponse.parse(providers))).toEqual(['credentials', 'azure-ad', 'email']);
    expect(providers?.['azure-ad']?.type).toBe('oauth');
    expect(http.routes()).toEqual(['GET /csrf', 'GET /providers']);
  });

  it('POST session (update): a JSON body with the CSRF token; a rejected token gives null and CLIENT_FETCH_ERROR', async () => {
    const ok = prismClient(prism.url);
    const updated = await ok.client.updateSession({ name: 'Dr Ada Okafor' });
    expect(updateSessionResponse.parse(updated)).toMatchObject({ user: { name: 'Dr Ada Okafor' } });
    expect(ok.http.routes()).toEqual(['GET /csrf', 'POST /session']);
    const post = ok.http.calls[1]!;
    expect(post.contentType).toBe('application/json');
    expect(JSON.parse(post.body)).toEqual({ csrfToken: TOKEN, data: { name: 'Dr Ada Okafor' } });
    expect(ok.messages.map((m) => JSON.parse(m).data)).toEqual([{ trigger: 'getSession' }]);

    const bad = prismClient(prism.url, ({ method }) => (method === 'POST' ? 'code=400' : undefined));
    expect(await bad.client.updateSession({ name: 'x' })).toBeNull();
    expect(bad.log.codes()).toEqual(['CLIENT_FETCH_ERROR']);
    expect(bad.messages).toEqual([]);
  });

  it('POST signin/{provider} (OAuth): form body, authorization params in the query, then the browser follows the reply', async () => {
    const { client, http, navigate } = prismClient(prism.url);
    expect(
      await client.signIn('azure-ad', { callbackUrl: '/careers' }, { prompt: 'login', login_hint: 'ada@example.com' }),
    ).toBeUndefined();
    expect(http.routes()).toEqual(['GET /providers', 'GET /csrf', 'POST /signin/azure-ad']);
    const post = http.calls[2]!;
    expect(post.search).toBe('?prompt=login&login_hint=ada%40example.com');
    expect(post.contentType).toBe('application/x-www-form-urlencoded');
    expect(http.form('POST', '/signin/azure-ad')).toEqual({ callbackUrl: '/careers', csrfToken: TOKEN, json: 'true' });
    const reply = signInResponse.parse(await (await post.response).json());
    expect(navigate).toHaveBeenCalledExactlyOnceWith(reply.url);
    expect(reply.url).toMatch(/^https:\/\/login\.microsoftonline\.com\//);
  });

  it('POST signin/email with redirect: false returns { error, status, ok, url }', async () => {
    const sent = prismClient(prism.url, ({ method }) => (method === 'POST' ? 'example=verifyRequest' : undefined));
    const result = await sent.client.signIn('email', { email: 'ada.okafor@example.com', redirect: false });
    expect(result).toEqual({
      error: null,
      status: 200,
      ok: true,
      url: 'https://www.aero.example/api/auth/verify-request?provider=email&type=email',
    });
    expect(sent.http.form('POST', '/signin/email')).toEqual({
      email: 'ada.okafor@example.com',
      redirect: 'false',
      csrfToken: TOKEN,
      callbackUrl: HERE,
      json: 'true',
    });
    expect(sent.navigate).not.toHaveBeenCalled();
    expect(sent.messages).toEqual([]);

    const failed = prismClient(prism.url, ({ method }) => (method === 'POST' ? 'example=error' : undefined));
    expect(await failed.client.signIn('email', { email: 'ada.okafor@example.com', redirect: false })).toEqual({
      error: 'EmailSignin',
      status: 200,
      ok: true,
      url: null,
    });
  });

  it('POST callback/{provider} (credentials): success refreshes and tells other tabs; 401 gives CredentialsSignin', async () => {
    const good = prismClient(prism.url);
    const result = await good.client.signIn('credentials', {
      username: 'aokafor',
      password: 'correct-horse-battery-staple',
      redirect: false,
      callbackUrl: '/careers',
    });
    expect(result).toEqual({ error: null, status: 200, ok: true, url: 'https://www.aero.example/careers' });
    expect(good.http.form('POST', '/callback/credentials')).toEqual({
      username: 'aokafor',
      password: 'correct-horse-battery-staple',
      redirect: 'false',
      callbackUrl: '/careers',
      csrfToken: TOKEN,
      json: 'true',
    });
    expect(good.messages.map((m) => JSON.parse(m).data.trigger)).toEqual(['getSession']);

    const rejected = prismClient(prism.url, ({ method }) => (method === 'POST' ? 'code=401' : undefined));
    const denied = await rejected.client.signIn('credentials', {
      username: 'aokafor',
      password: 'wrong',
      redirect: false,
    });
    expect(denied).toEqual({ error: 'CredentialsSignin', status: 401, ok: false, url: null });
    expect(rejected.messages).toEqual([]);
    expect(rejected.log.entries).toEqual([]);
  });

  it('POST signout: csrf, then the form, then a signout broadcast and the reply URL', async () => {
    const { client, http, navigate, messages } = prismClient(prism.url);
    await client.signOut({ callbackUrl: '/space-systems' });
    expect(http.routes()).toEqual(['GET /csrf', 'POST /signout']);
    expect(http.form('POST', '/signout')).toEqual({ csrfToken: TOKEN, callbackUrl: '/space-systems', json: 'true' });
    expect(messages.map((m) => JSON.parse(m).data.trigger)).toEqual(['signout']);
    expect(navigate).toHaveBeenCalledExactlyOnceWith(
      signOutResponse.parse(await (await http.calls[1]!.response).json()).url,
    );
  });

  it('POST signout with redirect: false refreshes the session and returns the reply', async () => {
    const { client, http, navigate } = prismClient(prism.url);
    const off = client.onRefetch(() => client.getSession({ broadcast: false }));
    expect(await client.signOut({ redirect: false })).toEqual({ url: 'https://www.aero.example/space-systems' });
    expect(http.routes()).toEqual(['GET /csrf', 'POST /signout', 'GET /session']);
    expect(navigate).not.toHaveBeenCalled();
    off();
  });

  it('POST _log: the default logger posts a form Prism accepts', async () => {
    const { client, http } = prismClient(prism.url, undefined, { logger: undefined });
    const quiet = console.error;
    console.error = () => {};
    try {
      client.logger.error('CLIENT_FETCH_ERROR', {
        error: new AuthError('CLIENT_FETCH_ERROR', 'boom'),
        url: '/api/auth/session',
      });
    } finally {
      console.error = quiet;
    }
    expect(http.routes()).toEqual(['POST /_log']);
    expect(http.calls[0]!.contentType).toBe('application/x-www-form-urlencoded');
    const answer = await http.calls[0]!.response;
    expect([answer.status, await answer.json()]).toEqual([200, {}]);
  });

  it('GET signin and GET error: the pages the client sends visitors to exist', async () => {
    const { client, navigate } = prismClient(prism.url, ({ path }) => (path === '/providers' ? 'code=500' : undefined));
    await client.signIn('azure-ad');
    const errorPage = navigate.mock.calls[0]![0];
    expect(errorPage).toBe(`${prism.url}/error`);
    const missing = prismClient(prism.url);
    await missing.client.signIn('github');
    const signInPage = missing.navigate.mock.calls[0]![0];
    expect(signInPage).toBe(`${prism.url}/signin?callbackUrl=${encodeURIComponent(HERE)}`);
    for (const page of [
      errorPage,
      signInPage,
      `${prism.url}/signin?error=SessionRequired&callbackUrl=${encodeURIComponent(HERE)}`,
    ]) {
      const answer = await fetch(page);
      expect(answer.status).toBe(200);
      expect(answer.headers.get('Content-Type')).toContain('text/html');
    }
  });
});

describe('failed fetches log CLIENT_FETCH_ERROR and return null', () => {
  it('a 500 answer', async () => {
    const { client, log } = prismClient(prism.url, () => 'code=500');
    expect(await client.getSession()).toBeNull();
    expect(await client.getProviders()).toBeNull();
    expect(await client.getCsrfToken()).toBeUndefined();
    expect(log.codes()).toEqual(['CLIENT_FETCH_ERROR', 'CLIENT_FETCH_ERROR', 'CLIENT_FETCH_ERROR']);
    expect(log.entries[0]!.metadata).toMatchObject({
      url: `${prism.url}/session`,
      error: { code: 'CLIENT_FETCH_ERROR', message: `${prism.url}/session answered HTTP 500` },
    });
  });

  it('no auth routes at the base path (404): the error names MISSING_NEXTAUTH_API_ROUTE_ERROR', async () => {
    const { client, log } = prismClient(prism.url, undefined, { basePath: '/wrong/auth' });
    expect(await client.getSession()).toBeNull();
    const { error, url } = log.entries[0]!.metadata as { error: AuthError; url: string };
    expect(log.codes()).toEqual(['CLIENT_FETCH_ERROR']);
    expect(url).toBe(`${prism.url}/wrong/auth/session`);
    expect(error).toBeInstanceOf(AuthError);
    expect(error.code).toBe('MISSING_NEXTAUTH_API_ROUTE_ERROR');
    expect(error.message).toBe(
      `${prism.url}/wrong/auth/session answered HTTP 404: no auth route there (check basePath)`,
    );
  });

  it('a refused connection', async () => {
    const { client, log } = prismClient(`http://127.0.0.1:${await freePort()}`);
    expect(await client.getSession()).toBeNull();
    expect((log.entries[0]!.metadata as { error: unknown }).error).toBeInstanceOf(TypeError);
  });

  it('a body that is not JSON: the error names the route and the status, the SyntaxError is its cause', async () => {
    const { client, log } = prismClient(prism.url, undefined, {
      fetch: async () =>
        new Response('<html>Internal error</html>', { status: 500, headers: { 'Content-Type': 'text/html' } }),
    });
    expect(await client.getSession()).toBeNull();
    const { error, url } = log.entries[0]!.metadata as { error: AuthError; url: string };
    expect(log.codes()).toEqual(['CLIENT_FETCH_ERROR']);
    expect(url).toBe(`${prism.url}/session`);
    expect(error).toBeInstanceOf(AuthError);
    expect(error.code).toBe('CLIENT_FETCH_ERROR');
    expect(error.message).toBe(`${prism.url}/session answered HTTP 500 with a body that is not JSON (text/html)`);
    // The reference logs the parser's SyntaxError itself; here it is the cause, for whoever debugs the route.
    expect(error.cause).toBeInstanceOf(SyntaxError);
  });

  it('a 502 with an empty body (a gateway in front of the auth service): the route and the status, not "Unexpected end of input"', async () => {
    const { client, log } = prismClient(prism.url, undefined, {
      fetch: async () => new Response(null, { status: 502, statusText: 'Bad Gateway' }),
    });
    expect(await client.getProviders()).toBeNull();
    expect(await client.getSession()).toBeNull();
    const errors = log.entries.map((e) => (e.metadata as { error: Error }).error);
    expect(errors.map((e) => `${e.name}: ${e.message}`)).toEqual([
      `AuthError: ${prism.url}/providers answered HTTP 502 with an empty body`,
      `AuthError: ${prism.url}/session answered HTTP 502 with an empty body`,
    ]);
  });
});
