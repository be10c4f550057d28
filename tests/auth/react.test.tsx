import { afterEach, describe, expect, it, vi } from 'vitest';
import { StrictMode, Suspense, lazy, type ReactNode } from 'react';
import { act, cleanup, render, renderHook, screen, waitFor } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { withPrism } from '../support/prism.ts';
import { configureAuth, defaultAuthClient, signIn } from '../../src/auth/index.ts';
import { SessionProvider, useSession, useSessionStatus } from '../../src/auth/react.tsx';
import { createTabs, prismClient, recordingFetch, visitor } from './harness.ts';

const prism = withPrism('auth');
const HERE = 'http://localhost:3000/';

afterEach(() => {
  cleanup();
  window.history.replaceState(null, '', '/');
  for (const key of Object.keys(defaultAuthClient.options))
    delete (defaultAuthClient.options as Record<string, unknown>)[key];
});

function Who({ tab }: { tab: string }) {
  const { data, status } = useSession();
  return <p data-testid={tab}>{`${status}:${data?.user?.name ?? ''}`}</p>;
}

describe('SessionProvider and useSession', () => {
  it('reports loading, then the signed-in session from the server', async () => {
    const { client } = prismClient(prism.url);
    render(
      <SessionProvider client={client}>
        <Who tab="a" />
      </SessionProvider>,
    );
    expect(screen.getByTestId('a').textContent).toBe('loading:');
    await waitFor(() => expect(screen.getByTestId('a').textContent).toBe('authenticated:Ada Okafor'));
  });

  it('fetches the session once under StrictMode', async () => {
    const { client, http } = prismClient(prism.url);
    render(
      <StrictMode>
        <SessionProvider client={client}>
          <Who tab="a" />
        </SessionProvider>
      </StrictMode>,
    );
    await waitFor(() => expect(screen.getByTestId('a').textContent).toBe('authenticated:Ada Okafor'));
    expect(http.routes()).toEqual(['GET /session']);
  });

  it('keeps the page on screen while what the arrived session shows is still loading (no fallback flash)', async () => {
    // A signed-in part whose code is still on its way when the session answers, as the site's
    // account link and on-demand sections are: the page shown so far stays until it is ready.
    let arrive = (_: { default: () => ReactNode }) => {};
    const Account = lazy(() => new Promise<{ default: () => ReactNode }>((resolve) => (arrive = resolve)));
    function Page() {
      const { status } = useSession();
      return (
        <>
          <h1>Capabilities</h1>
          {status === 'authenticated' ? <Account /> : <p>{status}</p>}
        </>
      );
    }
    const { client } = prismClient(prism.url);
    const read = vi.spyOn(client, 'readSession');
    render(
      <SessionProvider client={client}>
        <Suspense fallback={<p>Loading…</p>}>
          <Page />
        </Suspense>
      </SessionProvider>,
    );
    expect(screen.getByRole('heading').textContent).toBe('Capabilities');
    await waitFor(() => expect(read).toHaveBeenCalledOnce());
    // The session has arrived (the store has it: its own wait on this answer came first); its part has
    // not: the page as it was, never the fallback.
    await act(async () => void (await read.mock.results[0]!.value));
    expect(screen.queryByText('Loading…')).toBeNull();
    expect(screen.getByRole('heading').textContent).toBe('Capabilities');
    expect(screen.getByText('loading')).toBeTruthy();
    await act(async () => arrive({ default: () => <p>Signed in as Ada Okafor</p> }));
    await waitFor(() => expect(screen.getByText('Signed in as Ada Okafor')).toBeTruthy());
    expect(screen.getByRole('heading').textContent).toBe('Capabilities');
  });

  it('hydrates a prerendered part that the session answered before as the server rendered it, then shows the session', async () => {
    // The site's account page: prerendered as `loading`, its code arrives after the session has
    // answered. Hydrating it with the answer would not match the HTML: React would log a hydration
    // error and throw the prerendered part away.
    // Beside it, a component that does not watch the session (the site's page on an open route) must
    // not be re-rendered by it.
    const quietRenders: Array<string | undefined> = [];
    function Quiet() {
      const status = useSessionStatus(false);
      quietRenders.push(status);
      return null;
    }
    function Account() {
      const { status } = useSession();
      return <p>{status}</p>;
    }
    function AccountPart() {
      return (
        <>
          <Account />
          <Quiet />
        </>
      );
    }
    let arrive = (_: { default: typeof AccountPart }) => {};
    const Part = lazy(() => new Promise<{ default: typeof AccountPart }>((resolve) => (arrive = resolve)));
    const page = (client: ReturnType<typeof prismClient>['client'], part: ReactNode) => (
      <SessionProvider client={client}>
        <h1>Your account</h1>
        <Suspense fallback={<p>Loading…</p>}>{part}</Suspense>
      </SessionProvider>
    );
    const container = document.createElement('div');
    container.innerHTML = renderToString(page(prismClient(prism.url).client, <AccountPart />));
    document.body.append(container);
    const prerendered = container.querySelector('p')!;
    expect(prerendered.textContent).toBe('loading');

    const { client } = prismClient(prism.url);
    const read = vi.spyOn(client, 'readSession');
    const hydrationErrors: unknown[] = [];
    const root = hydrateRoot(container, page(client, <Part />), {
      onRecoverableError: (error) => void hydrationErrors.push(error),
    });
    try {
      await waitFor(() => expect(read).toHaveBeenCalledOnce());
      await act(async () => void (await read.mock.results[0]!.value));
      await act(async () => arrive({ default: AccountPart }));
      await waitFor(() => expect(container.querySelector('p')?.textContent).toBe('authenticated'));
      expect(hydrationErrors).toEqual([]);
      expect(container.querySelector('p')).toBe(prerendered);
      // Once on the server, once hydrating.
      expect(quietRenders).toEqual([undefined, undefined]);
    } finally {
      act(() => root.unmount());
      container.remove();
    }
  });

  it('useSessionStatus re-renders a component only while it watches, and tells the status at once when it starts', async () => {
    // A page that gates some routes: on the others, the session's answer must not re-render it all.
    const { client } = prismClient(prism.url);
    const read = vi.spyOn(client, 'readSession');
    const renders: Array<string | undefined> = [];
    function Page({ gated }: { gated: boolean }) {
      const status = useSessionStatus(gated);
      renders.push(status);
      return <p>{status ?? 'open page'}</p>;
    }
    const { rerender } = render(
      <SessionProvider client={client}>
        <Page gated={false} />
      </SessionProvider>,
    );
    await waitFor(() => expect(read).toHaveBeenCalledOnce());
    await act(async () => void (await read.mock.results[0]!.value));
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(renders).toEqual([undefined]);
    rerender(
      <SessionProvider client={client}>
        <Page gated />
      </SessionProvider>,
    );
    expect(renders.at(-1)).toBe('authenticated');
    expect(screen.getByText('authenticated')).toBeTruthy();
  });

  it('update(data) from the hook posts it and re-renders with the new session', async () => {
    const { client, http } = prismClient(prism.url);
    const wrapper = ({ children }: { children: ReactNode }) => (
      <SessionProvider client={client}>{children}</SessionProvider>
    );
    const { result } = renderHook(() => useSession(), { wrapper });
    await waitFor(() => expect(result.current.status).toBe('authenticated'));
    const before = result.current;
    await act(() => result.current.update({ name: 'Dr Ada Okafor' }));
    expect(result.current.data?.user?.name).toBe('Dr Ada Okafor');
    expect(result.current.update).toBe(before.update);
    expect(http.routes()).toEqual(['GET /session', 'GET /csrf', 'POST /session']);
  });

  it('tells the developer what to wrap when there is no provider', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => renderHook(() => useSession())).toThrow(
      'No SessionProvider found: wrap your app in <SessionProvider>',
    );
    vi.restoreAllMocks();
  });
});

describe('a page that requires a session', () => {
  it('redirects a signed-out visitor to {basePath}/signin?error=SessionRequired&callbackUrl=<this page>, reporting loading', async () => {
    window.history.replaceState(null, '', '/careers/apply?role=avionics');
    const { client, navigate } = prismClient(prism.url, visitor(false).prefer);
    const statuses: string[] = [];
    function Page() {
      const { status } = useSession({ required: true });
      statuses.push(status);
      return <p>{status}</p>;
    }
    const { rerender } = render(
      <SessionProvider client={client}>
        <Page />
      </SessionProvider>,
    );
    await waitFor(() => expect(navigate).toHaveBeenCalled());
    rerender(
      <SessionProvider client={client}>
        <Page />
      </SessionProvider>,
    );
    expect(navigate).toHaveBeenCalledExactlyOnceWith(
      `${prism.url}/signin?error=SessionRequired&callbackUrl=${encodeURIComponent('http://localhost:3000/careers/apply?role=avionics')}`,
    );
    expect(new Set(statuses)).toEqual(new Set(['loading']));
  });

  it('calls onUnauthenticated instead of redirecting, once, even when given inline', async () => {
    const { client, navigate } = prismClient(prism.url, visitor(false).prefer);
    const onUnauthenticated = vi.fn();
    function Page({ render: n }: { render: number }) {
      const { status } = useSession({ required: true, onUnauthenticated: () => onUnauthenticated(n) });
      return <p data-testid="page">{`${status}:${n}`}</p>;
    }
    const { rerender } = render(
      <SessionProvider client={client}>
        <Page render={0} />
      </SessionProvider>,
    );
    await waitFor(() => expect(onUnauthenticated).toHaveBeenCalled());
    rerender(
      <SessionProvider client={client}>
        <Page render={1} />
      </SessionProvider>,
    );
    rerender(
      <SessionProvider client={client}>
        <Page render={2} />
      </SessionProvider>,
    );
    expect(screen.getByTestId('page').textContent).toBe('loading:2');
    expect(onUnauthenticated).toHaveBeenCalledExactlyOnceWith(0);
    expect(navigate).not.toHaveBeenCalled();
  });

  it('lets a signed-in visitor stay', async () => {
    const { client, navigate } = prismClient(prism.url);
    const wrapper = ({ children }: { children: ReactNode }) => (
      <SessionProvider client={client}>{children}</SessionProvider>
    );
    const { result } = renderHook(() => useSession({ required: true }), { wrapper });
    await waitFor(() => expect(result.current.status).toBe('authenticated'));
    expect(navigate).not.toHaveBeenCalled();
  });
});

describe('basePath of the provider without a client (the reference style, defect S3 fixed)', () => {
  it('moves the required redirect, the module-level signIn and the logger', async () => {
    const navigate = vi.fn();
    const http = recordingFetch(undefined, '/custom/auth');
    configureAuth({ baseUrl: prism.url, fetch: http.fetch, navigate, storage: null });
    function Page() {
      useSession({ required: true });
      return null;
    }
    render(
      <SessionProvider basePath="/custom/auth" session={null}>
        <Page />
      </SessionProvider>,
    );
    await waitFor(() => expect(navigate).toHaveBeenCalledOnce());
    expect(navigate).toHaveBeenLastCalledWith(
      `${prism.url}/custom/auth/signin?error=SessionRequired&callbackUrl=${encodeURIComponent(HERE)}`,
    );

    await signIn('github');
    expect(navigate).toHaveBeenLastCalledWith(
      `${prism.url}/custom/auth/signin?callbackUrl=${encodeURIComponent(HERE)}`,
    );

    vi.spyOn(console, 'error').mockImplementation(() => {});
    defaultAuthClient.logger.error('NO_SECRET');
    vi.restoreAllMocks();
    expect(http.calls.map((c) => c.method)).toEqual(['GET', 'POST']);
    expect((await http.calls[1]!.response).status).toBe(200);
    expect(defaultAuthClient.url('_log')).toBe(`${prism.url}/custom/auth/_log`);
  });
});

describe('two tabs over one localStorage', () => {
  it('sign-out, sign-in and a reference tab’s message keep every tab in step', async () => {
    const server = visitor(true);
    const tabs = createTabs(3);
    const a = prismClient(prism.url, server.prefer, { storage: tabs.storage(0) });
    const b = prismClient(prism.url, server.prefer, { storage: tabs.storage(1) });
    render(
      <>
        <SessionProvider client={a.client} window={tabs.windows[0]}>
          <Who tab="a" />
        </SessionProvider>
        <SessionProvider client={b.client} window={tabs.windows[1]}>
          <Who tab="b" />
        </SessionProvider>
      </>,
    );
    const both = (text: string) =>
      waitFor(() =>
        expect([screen.getByTestId('a').textContent, screen.getByTestId('b').textContent]).toEqual([text, text]),
      );
    await both('authenticated:Ada Okafor');

    await act(() => a.client.signOut({ redirect: false }));
    await both('unauthenticated:');
    expect(b.http.routes().at(-1)).toBe('GET /session');

    await act(() => b.client.signIn('credentials', { username: 'aokafor', password: 'pw', redirect: false }));
    await both('authenticated:Ada Okafor');

    // A tab still running the reference client signs out: it writes the message without removing first.
    server.state.signedIn = false;
    act(() =>
      tabs
        .storage(2)
        .setItem(
          'nextauth.message',
          JSON.stringify({ event: 'session', data: { trigger: 'signout' }, timestamp: 1772445600 }),
        ),
    );
    await both('unauthenticated:');
    expect(a.navigate).not.toHaveBeenCalled();
    expect(b.navigate).not.toHaveBeenCalled();
  });

  it('an update in one tab makes the other re-read the session', async () => {
    const tabs = createTabs(2);
    const a = prismClient(prism.url, undefined, { storage: tabs.storage(0) });
    const b = prismClient(prism.url, undefined, { storage: tabs.storage(1) });
    const wrapper = ({ children }: { children: ReactNode }) => (
      <SessionProvider client={a.client} window={tabs.windows[0]}>
        {children}
      </SessionProvider>
    );
    const { result } = renderHook(() => useSession(), { wrapper });
    render(
      <SessionProvider client={b.client} window={tabs.windows[1]}>
        <Who tab="b" />
      </SessionProvider>,
    );
    await waitFor(() => expect(result.current.status).toBe('authenticated'));
    await waitFor(() => expect(screen.getByTestId('b').textContent).toBe('authenticated:Ada Okafor'));
    const readsBefore = b.http.routes().length;
    await act(() => result.current.update({ name: 'Dr Ada Okafor' }));
    await waitFor(() => expect(b.http.routes().length).toBe(readsBefore + 1));
    expect(b.http.routes().at(-1)).toBe('GET /session');
  });
});
