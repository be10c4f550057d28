import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { withPrism } from '../support/prism.ts';
import { AUTH_ERROR_CODES, AuthError, createLogger, LOG_TIMEOUT_MS } from '../../src/auth/index.ts';
import { sendLogResponse } from '../../generated/auth/zod/logging/logging.ts';
import { prismClient, recordingFetch } from './harness.ts';

const prism = withPrism('auth');
let consoleError: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  vi.spyOn(console, 'log').mockImplementation(() => {});
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

/** A client with the default logger, posting `_log` through a recording fetch to Prism. */
function loggingClient(options: Parameters<typeof prismClient>[2] = {}, prefer?: Parameters<typeof prismClient>[1]) {
  const api = prismClient(prism.url, prefer, { logger: undefined, ...options });
  return api;
}

async function postedLogs(http: ReturnType<typeof recordingFetch>) {
  const posts = http.calls.filter((c) => c.path.endsWith('/_log'));
  for (const post of posts) {
    const answer = await post.response;
    expect(answer.status).toBe(200);
    expect(sendLogResponse.parse(await answer.json())).toEqual({});
  }
  return posts.map((post) => Object.fromEntries(new URLSearchParams(post.body)));
}

describe('the session protocol’s code names', () => {
  it('are spelled exactly as the reference protocol writes them', () => {
    expect(Object.values(AUTH_ERROR_CODES)).toEqual([
      'MISSING_NEXTAUTH_API_ROUTE_ERROR',
      'NO_SECRET',
      'CALLBACK_CREDENTIALS_HANDLER_ERROR',
      'EMAIL_REQUIRES_ADAPTER_ERROR',
      'MISSING_ADAPTER_METHODS_ERROR',
      'CALLBACK_CREDENTIALS_JWT_ERROR',
      'INVALID_CALLBACK_URL_ERROR',
      'OAuthCallbackError',
      'AccountNotLinkedError',
      'UnknownError',
      'CLIENT_FETCH_ERROR',
      'CLIENT_SESSION_ERROR',
    ]);
  });

  // The server side of the protocol raises these; the client logger forwards them to `_log` under their code.
  it.each([
    ['MissingSecret', 'NO_SECRET', 'Please define a `secret` in production.'],
    [
      'MissingAuthorize',
      'CALLBACK_CREDENTIALS_HANDLER_ERROR',
      'Must define an authorize() handler to use credentials authentication provider',
    ],
    ['MissingAdapter', 'EMAIL_REQUIRES_ADAPTER_ERROR', 'E-mail login requires an adapter.'],
    [
      'MissingAdapterMethods',
      'MISSING_ADAPTER_METHODS_ERROR',
      'Required adapter methods were missing: createVerificationToken',
    ],
    [
      'UnsupportedStrategy',
      'CALLBACK_CREDENTIALS_JWT_ERROR',
      'Signin in with credentials only supported if JWT strategy is enabled',
    ],
    ['OAuthCallbackError', 'OAuthCallbackError', 'State cookie was missing.'],
    ['AccountNotLinkedError', 'AccountNotLinkedError', 'The account is already associated with another user'],
    ['MissingAPIRoute', 'MISSING_NEXTAUTH_API_ROUTE_ERROR', 'Cannot find the auth API route'],
    ['InvalidCallbackUrl', 'INVALID_CALLBACK_URL_ERROR', 'Invalid callback URL'],
  ] as const)('%s is logged as %s: console, then a `_log` post Prism accepts', async (name, code, message) => {
    expect(AUTH_ERROR_CODES[name]).toBe(code);
    const { client, http } = loggingClient();
    const error = new AuthError(AUTH_ERROR_CODES[name], message);
    client.logger.error(error.code, error);
    // One console line: the code and the error's name and message (its stack goes to `_log` only).
    expect(consoleError).toHaveBeenCalledWith(`[auth][error][${code}]`, `AuthError: ${message}`);
    const [fields] = await postedLogs(http);
    expect(fields).toEqual({ level: 'error', code, error: expect.any(String), message, client: 'true' });
    expect(JSON.parse(fields!.error!)).toEqual({
      message,
      stack: expect.stringContaining('AuthError'),
      name: 'AuthError',
      code,
    });
  });

  it('MISSING_NEXTAUTH_API_ROUTE_ERROR is raised by the client when the auth routes are not at the base path', async () => {
    const { client, http } = loggingClient({ basePath: '/api/auth' });
    expect(await client.getSession()).toBeNull();
    // Prism serves the routes at its root, so /api/auth/* is missing there, `_log` included.
    expect(http.routes()).toEqual(['GET /api/auth/session', 'POST /api/auth/_log']);
    const fields = http.form('POST', '/api/auth/_log');
    expect(fields).toMatchObject({ level: 'error', code: 'CLIENT_FETCH_ERROR', url: `${prism.url}/api/auth/session` });
    expect(JSON.parse(fields.error!)).toMatchObject({ name: 'AuthError', code: 'MISSING_NEXTAUTH_API_ROUTE_ERROR' });
  });

  it('INVALID_CALLBACK_URL_ERROR is raised by the client for an off-site callbackUrl', async () => {
    const { client, http } = loggingClient();
    await expect(client.signIn('credentials', { callbackUrl: 'https://evil.example/' })).rejects.toThrow(AuthError);
    const [fields] = await postedLogs(http);
    expect(fields).toMatchObject({
      level: 'error',
      code: 'INVALID_CALLBACK_URL_ERROR',
      message: 'callbackUrl must be on http://localhost:3000: https://evil.example/',
    });
  });

  it('CLIENT_FETCH_ERROR is logged for a failed session fetch, with the url', async () => {
    const { client, http } = loggingClient({}, ({ path }) => (path === '/session' ? 'code=500' : undefined));
    expect(await client.getSession()).toBeNull();
    const [fields] = await postedLogs(http);
    expect(fields).toMatchObject({
      level: 'error',
      code: 'CLIENT_FETCH_ERROR',
      url: `${prism.url}/session`,
      message: `${prism.url}/session answered HTTP 500`,
    });
  });
});

describe('transport', () => {
  it('posts by fetch with keepalive, never by navigator.sendBeacon (a beacon cannot be aborted)', async () => {
    const sendBeacon = vi.fn(() => true);
    vi.stubGlobal('navigator', { sendBeacon });
    const http = recordingFetch();
    const init: RequestInit[] = [];
    const logger = createLogger(
      () => `${prism.url}/_log`,
      () => (url, options) => (init.push(options), http.fetch(url, options)),
    );
    logger.debug('DEBUG_ENABLED', { detail: { nested: [1, 2] } });
    expect(sendBeacon).not.toHaveBeenCalled();
    expect(init[0]).toMatchObject({ method: 'POST', keepalive: true });
    expect(init[0]!.signal).toBeInstanceOf(AbortSignal);
    const [fields] = await postedLogs(http);
    expect(fields).toEqual({ level: 'debug', code: 'DEBUG_ENABLED', detail: '{"nested":[1,2]}', client: 'true' });
  });

  it(`gives up a post the service does not answer after ${LOG_TIMEOUT_MS} ms, so no post holds a connection`, async () => {
    vi.useFakeTimers();
    try {
      const signals: AbortSignal[] = [];
      // A service that accepted the connection and never answers: the post ends only when aborted.
      const silent = (_url: string, options: RequestInit) =>
        new Promise<Response>((_resolve, reject) => {
          signals.push(options.signal!);
          options.signal!.addEventListener('abort', () => reject(options.signal!.reason));
        });
      const logger = createLogger(
        () => '/api/auth/_log',
        () => silent,
      );
      logger.error('CLIENT_FETCH_ERROR', { url: '/api/auth/session' });
      expect(signals).toHaveLength(1);
      await vi.advanceTimersByTimeAsync(LOG_TIMEOUT_MS - 1);
      expect(signals[0]!.aborted).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      expect(signals[0]!.aborted).toBe(true);
      expect((signals[0]!.reason as DOMException).name).toBe('TimeoutError');
    } finally {
      vi.useRealTimers();
    }
  });

  it('posts one entry per level and code (a page load), and only writes the later ones to the console', async () => {
    const { client, http } = loggingClient();
    for (let i = 0; i < 3; i += 1) client.logger.error('CLIENT_FETCH_ERROR', { url: `/session?try=${i}` });
    client.logger.warn('CLIENT_FETCH_ERROR');
    client.logger.error('NO_SECRET');
    client.logger.error('NO_SECRET');
    const posted = await postedLogs(http);
    expect(posted.map((f) => `${f.level} ${f.code}`)).toEqual([
      'error CLIENT_FETCH_ERROR',
      'warn CLIENT_FETCH_ERROR',
      'error NO_SECRET',
    ]);
    // The first of each is what was posted.
    expect(posted[0]).toMatchObject({ url: '/session?try=0' });
    // Every entry still reaches the console.
    expect(consoleError).toHaveBeenCalledTimes(5);
  });

  it('follows a base path changed after the logger was created (reference defect S3)', async () => {
    const { client, http } = loggingClient({ basePath: '' });
    client.options.basePath = '/moved';
    client.logger.error('NO_SECRET');
    expect(http.calls[0]?.path).toBe('/moved/_log');
  });

  it('never throws: circular metadata, a failing fetch, no navigator', async () => {
    const circular: Record<string, unknown> = {};
    circular.self = circular;
    const { client } = loggingClient({ fetch: () => Promise.reject(new TypeError('offline')) });
    expect(() => client.logger.error('CLIENT_FETCH_ERROR', circular)).not.toThrow();
    expect(() => client.logger.error('CLIENT_FETCH_ERROR', { url: '/x' })).not.toThrow();
    vi.stubGlobal('navigator', undefined);
    expect(() => client.logger.error('CLIENT_FETCH_ERROR')).not.toThrow();
  });
});
