import type { ReactElement } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render as renderElement, screen } from '@testing-library/react';
import { createAuthClient } from '../../src/auth/index.ts';
import { SessionProvider } from '../../src/auth/react.tsx';
import { AuthErrorPage, SignInPage } from '../../src/site/pages/session.tsx';

// The pages read the session (whether the session routes answer): a visitor known to be signed out.
const render = (page: ReactElement) => renderElement(<SessionProvider session={null}>{page}</SessionProvider>);

// The sign-in page asks the auth routes for the providers on mount: answer with none, so no request leaves the test.
beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => Response.json({})),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const renderSignIn = (error: string) => render(<SignInPage search={new URLSearchParams({ error })} />);
const renderError = (error?: string) =>
  render(<AuthErrorPage search={new URLSearchParams(error === undefined ? {} : { error })} />);
/** The error page's message as read aloud: its paragraphs, one after another. */
const errorMessage = () => Array.from(screen.getByRole('alert').querySelectorAll('p'), (p) => p.textContent).join(' ');

// Hostile or unknown `?error=` values: markup, prototype keys, another page's value, a lookalike, a long spoof.
const HOSTILE = [
  '<img src=x onerror="document.title=1">',
  'constructor',
  '__proto__',
  'toString',
  'hasOwnProperty',
  'oauthcallback',
  'Your account is locked: call +1 555 0100',
];

describe('sign-in page (`/api/auth/signin?error=…`)', () => {
  // The values the auth routes send, with the reference protocol's wording.
  it.each([
    ['Signin', 'Try signing in with a different account.'],
    ['OAuthSignin', 'Try signing in with a different account.'],
    ['OAuthCallback', 'Try signing in with a different account.'],
    ['OAuthCreateAccount', 'Try signing in with a different account.'],
    ['EmailCreateAccount', 'Try signing in with a different account.'],
    ['Callback', 'Try signing in with a different account.'],
    ['OAuthAccountNotLinked', 'To confirm your identity, sign in with the same account you used originally.'],
    ['EmailSignin', 'The e-mail could not be sent.'],
    ['CredentialsSignin', 'Sign in failed. Check the details you provided are correct.'],
    ['SessionRequired', 'Please sign in to access this page.'],
    ['default', 'Unable to sign in.'],
  ])('error=%s shows “%s”', (error, message) => {
    renderSignIn(error);
    expect(screen.getByRole('alert').textContent).toBe(message);
  });

  it.each(HOSTILE)('an unknown value (%j) shows the generic message and never the value itself', (error) => {
    const { container } = renderSignIn(error);
    expect(screen.getByRole('alert').textContent).toBe('Unable to sign in.');
    expect(container.textContent).not.toContain(error);
    expect(container.querySelector('img')).toBeNull();
  });

  it('shows no alert without an error', () => {
    render(<SignInPage search={new URLSearchParams()} />);
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('auth error page (`/api/auth/error?error=…`)', () => {
  it.each([
    ['Configuration', 'Server error', 'There is a problem with the server configuration.'],
    ['AccessDenied', 'Access Denied', 'You do not have permission to sign in.'],
    [
      'Verification',
      'Unable to sign in',
      'The sign in link is no longer valid. It may have been used already or it may have expired.',
    ],
    // The reference matches the error page's values whatever their case.
    ['accessdenied', 'Access Denied', 'You do not have permission to sign in.'],
    ['default', 'Error', 'Something went wrong while signing you in. Please try again later.'],
  ])('error=%s shows “%s”: “%s”', (error, heading, message) => {
    renderError(error);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(heading);
    expect(errorMessage()).toContain(message);
  });

  it.each(['AccessDenied', 'Verification'])('error=%s offers to sign in again', (error) => {
    renderError(error);
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/api/auth/signin');
  });

  it.each([...HOSTILE, undefined])(
    'an unknown value (%j) shows the generic message and never the value itself',
    (error) => {
      const { container } = renderError(error);
      expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Error');
      expect(errorMessage()).toBe('Something went wrong while signing you in. Please try again later.');
      if (error) expect(container.textContent).not.toContain(error);
      expect(container.querySelector('img')).toBeNull();
    },
  );
});

describe('sign-in while the session routes fail', () => {
  it('says sign-in is unavailable instead of an empty form, and shows the form once a retry gets an answer', async () => {
    let providers = () => Response.json({ message: 'down' }, { status: 500 });
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) =>
        String(input).endsWith('/providers') ? providers() : Response.json({}),
      ),
    );
    vi.spyOn(console, 'error').mockImplementation(() => {});
    render(<SignInPage search={new URLSearchParams()} />);
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Sign-in is unavailable right now. Please try again in a few minutes.',
    );
    expect(screen.queryByRole('form')).toBeNull();
    providers = () => Response.json({ credentials: { id: 'credentials', name: 'Credentials', type: 'credentials' } });
    screen.getByRole('button', { name: 'Try again' }).click();
    expect(await screen.findByRole('form', { name: 'Sign in with your account' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('the error page says sign-in is unavailable while the session route fails', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({ message: 'down' }, { status: 500 })),
    );
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderElement(
      <SessionProvider client={createAuthClient({ storage: null, logger: { error() {}, warn() {}, debug() {} } })}>
        <AuthErrorPage search={new URLSearchParams({ error: 'Verification' })} />
      </SessionProvider>,
    );
    expect(
      await screen.findByText('Sign-in is unavailable right now. Please try again in a few minutes.'),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
