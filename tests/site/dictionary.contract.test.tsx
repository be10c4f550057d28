import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type ReactNode, useState } from 'react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createContentClient } from '../../src/content/index.ts';
import { ContentProvider } from '../../src/content/react.tsx';
import { NotFoundPage } from '../../src/site/content/ContentPage.tsx';
import { DictionaryProvider, ENGLISH } from '../../src/site/dictionary.tsx';
import { ServiceProblem } from '../../src/site/serviceFailure.tsx';
import { CONTENT_SPEC, preferForRequest } from '../../scripts/lib/contentMock.mjs';
import { freePort, startPrism, type PrismServer } from '../../scripts/lib/prism.mjs';
import { withPrism } from '../support/prism.ts';

// Every string the site shows comes from the content platform's dictionary of the page's language,
// by key: a phrase changed in the fixture (the contract's example, served by Prism) changes the page
// with no change to the code; a key the dictionary lacks shows its English fallback, said once.

const KEY = '2E7D5A8C-4B1F-4C9A-9D3E-6F0A1B2C3D4E';
const CHANGED = 'Hier ist leider nichts (im Wörterbuch geändert)';

// The contract as an editor changed it: the German not-found heading reworded, its home link's phrase deleted.
let fixtureDir: string;
let changed: PrismServer;
beforeAll(async () => {
  fixtureDir = mkdtempSync(join(tmpdir(), 'dictionary-fixture-'));
  const spec = readFileSync(CONTENT_SPEC, 'utf8')
    .replace('NotFound.Heading: "Seite nicht gefunden"', `NotFound.Heading: "${CHANGED}"`)
    .replace(/^ *NotFound\.HomeLink: "Zur Startseite"\n/m, '');
  expect(spec).toContain(CHANGED);
  expect(spec).not.toContain('Zur Startseite');
  writeFileSync(join(fixtureDir, 'openapi.yaml'), spec);
  changed = startPrism('content', { port: await freePort(), spec: join(fixtureDir, 'openapi.yaml') });
  await changed.ready;
}, 180_000);
afterAll(async () => {
  await changed?.stop();
  rmSync(fixtureDir, { recursive: true, force: true });
});
const contract = withPrism('content');

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

/** The dictionary service at `baseUrl` through the mock layer (which picks each language's example). */
function Page({ baseUrl, language, children }: { baseUrl: string; language: string; children: ReactNode }) {
  const [queryClient] = useState(() => new QueryClient({ defaultOptions: { queries: { retry: false } } }));
  const [client] = useState(() =>
    createContentClient({
      baseUrl,
      apiKey: KEY,
      site: 'aero',
      fetch: (input, init) => {
        const headers = new Headers(init?.headers);
        const prefer = preferForRequest(new Request(input, init).url);
        if (prefer) headers.set('Prefer', prefer);
        return fetch(input, { ...init, headers });
      },
    }),
  );
  return (
    <QueryClientProvider client={queryClient}>
      <ContentProvider client={client}>
        <DictionaryProvider language={language}>{children}</DictionaryProvider>
      </ContentProvider>
    </QueryClientProvider>
  );
}

describe('the dictionary (Prism, the content contract)', () => {
  it('shows the German phrases of the contract on a German page', async () => {
    render(
      <Page baseUrl={contract.url} language="de">
        <NotFoundPage />
        <ServiceProblem message="" onRetry={() => {}} />
      </Page>,
    );
    expect(await screen.findByRole('heading', { name: 'Seite nicht gefunden' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Zur Startseite' }).getAttribute('href')).toBe('/de');
    expect(screen.getByRole('button', { name: 'Erneut versuchen' })).toBeTruthy();
  });

  it('shows a phrase changed in the fixture, with no change to the code', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    render(
      <Page baseUrl={changed.url} language="de">
        <NotFoundPage />
      </Page>,
    );
    expect(await screen.findByRole('heading', { name: CHANGED })).toBeTruthy();
    expect(screen.queryByText('Seite nicht gefunden')).toBeNull();
    // The deleted phrase: its English fallback shows, and the console says so once.
    expect(screen.getByRole('link', { name: ENGLISH['NotFound.HomeLink'] })).toBeTruthy();
    const missing = () => warn.mock.calls.filter(([line]) => String(line).includes('NotFound.HomeLink'));
    expect(missing()).toHaveLength(1);
    expect(String(missing()[0]![0])).toMatch(/no phrase "NotFound\.HomeLink" in the de dictionary/);
    // Shown again (another page, the same visit): not said again.
    cleanup();
    render(
      <Page baseUrl={changed.url} language="de">
        <NotFoundPage />
        <NotFoundPage />
      </Page>,
    );
    expect(await screen.findAllByRole('heading', { name: CHANGED })).toHaveLength(2);
    expect(missing()).toHaveLength(1);
  });

  it('shows the English text when the dictionary service fails, and the page still renders', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    // The contract has no French dictionary: the service answers 404.
    render(
      <Page baseUrl={contract.url} language="fr">
        <NotFoundPage />
      </Page>,
    );
    expect(await screen.findByRole('heading', { name: ENGLISH['NotFound.Heading'] })).toBeTruthy();
    expect(screen.getByRole('link', { name: ENGLISH['NotFound.HomeLink'] })).toBeTruthy();
    // A failed dictionary is one failure (the query cache logs it), not a missing phrase per key.
    expect(warn.mock.calls.filter(([line]) => String(line).startsWith('[dictionary]'))).toEqual([]);
  });
});
