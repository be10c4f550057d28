import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer, preview, type PreviewServer, type ViteDevServer } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devServer } from '../../scripts/lib/devServer.mjs';
import { freePort, root } from '../../scripts/lib/prism.mjs';
import { gitIgnoreMatcher, projectGitIgnore } from '../../scripts/lib/servedFiles.mjs';
import { ownViteCache, rawGet } from '../support/site.ts';

// The dev server (`npm start`) serves the site: the page, its sources and their dependencies, the
// public files and the stand-ins. Nothing else of the project folder, which it would otherwise map
// request paths onto: a dotfile, a git-ignored file, a script, a test, a contract.

describe('the .gitignore rules the servers and the build apply', () => {
  const project = projectGitIgnore(root);
  it.each([
    ['coverage/index.html', true],
    ['bench/results/site.json', true],
    ['dist/index.html', true],
    ['npm-debug.log', true],
    ['src/site/trace.log', true],
    ['.env.production.local', true],
    ['node_modules/react/index.js', true],
    ['bench/run.mjs', false],
    ['src/site/main.tsx', false],
    ['index.html', false],
    ['public/favicon.ico', false],
  ])("the project's .gitignore: %s ignored: %s", (path, ignored) => {
    expect(project(path)).toBe(ignored);
  });

  it.each([
    ['/build/', 'build/x.js', true],
    ['/build/', 'src/build/x.js', false],
    ['build/', 'src/build/x.js', true],
    ['build/', 'src/build', false],
    ['docs/*.md', 'docs/a.md', true],
    ['docs/*.md', 'docs/sub/a.md', false],
    ['**/tmp/**', 'a/b/tmp/c', true],
    ['*.lo[gk]', 'x.lok', true],
    ['*.log\n!keep.log', 'keep.log', false],
    ['logs/\n!logs/keep.log', 'logs/keep.log', true],
    ['# comment\n\n\\#hash', '#hash', true],
    ['a?c', 'abc', true],
    ['a?c', 'a/c', false],
  ])('the pattern %j: %s ignored: %s', (text, path, ignored) => {
    expect(gitIgnoreMatcher(text)(path)).toBe(ignored);
  });
});

describe('the dev server serves the site only', () => {
  let vite: ViteDevServer;
  let site = '';
  // Git-ignored files as a test run, a bench or a debug session leaves them (own names, removed after).
  const stamp = `served-files-${process.pid}`;
  const planted = [`coverage/${stamp}.html`, `bench/results/${stamp}.json`, `${stamp}.log`, `src/${stamp}.log`];
  const made: string[] = [];
  let cache: ReturnType<typeof ownViteCache> | undefined;

  beforeAll(async () => {
    for (const file of planted) {
      const dir = join(root, file, '..');
      if (!existsSync(dir)) {
        mkdirSync(dir, { recursive: true });
        made.push(dir);
      }
      writeFileSync(join(root, file), 'PLANTED\n');
      made.push(join(root, file));
    }
    cache = ownViteCache();
    vite = await createServer({
      configFile: join(root, 'vite.config.ts'),
      cacheDir: cache.cacheDir,
      logLevel: 'error',
      server: { port: await freePort(), strictPort: true, host: '127.0.0.1' },
    });
    await vite.listen();
    site = `http://127.0.0.1:${(vite.httpServer?.address() as { port: number }).port}`;
  }, 60_000);
  afterAll(async () => {
    await vite?.close();
    cache?.remove();
    for (const path of made.reverse()) rmSync(path, { recursive: true, force: true });
  });

  const browser = { accept: 'text/html,application/xhtml+xml', 'sec-fetch-dest': 'document' };
  const crawler = { accept: 'text/html', 'accept-encoding': 'gzip' };
  const script = { accept: '*/*', 'sec-fetch-dest': 'script' };

  it('answers 404 for dotfiles, git-ignored files and project files outside the site, however the path is spelled', async () => {
    const paths = [
      // dotfiles and dot-folders
      '/.env.production',
      '/.env.development',
      '/.gitignore',
      '/.git',
      '/.git/config',
      '/.git/HEAD',
      '/%2e%65nv.production',
      '/src/.%2e/.env.production',
      // git-ignored
      ...planted.map((file) => `/${file}`),
      '/dist/index.html',
      // the rest of the project
      '/package.json',
      '/package-lock.json',
      '/README.md',
      '/vite.config.ts',
      '/tsconfig.json',
      '/orval.config.ts',
      '/scripts/build.mjs',
      '/scripts/lib/siteServer.mjs',
      '/tests/support/site.ts',
      '/openapi/content/openapi.yaml',
      '/dev-public/consent-stub.js',
      '/public/favicon.ico',
      '/docs/screenshots',
      // the same by other spellings
      '/package.json?raw',
      '/package.json?import',
      '/scripts/build.mjs?import',
      '/src/../package.json',
      '/src/%2e%2e/package.json',
      '/src%2f..%2fpackage.json',
      '/src/..\\package.json',
      '//package.json',
      `/@fs${root}/package.json`,
      `/@fs${root}/.env.production`,
      '/@fs/etc/hostname',
      // as module ids: Vite resolves what follows /@id/ as an import (a bare `package.json` is the
      // project's), and a path that names no file under the root as an absolute file path
      '/@id/package.json',
      '/@id/package.json?import',
      '/@id/./package.json?import',
      '/@id/src/../package.json?import',
      '/@id/src/%2e%2e/package.json?import',
      '/@id/src/site/../../package.json?raw',
      '/@id/%70ackage.json?import',
      '/@id/package.json?url',
      `/@id/${root}/package.json?import`,
      '/@id/vite.config.ts?raw',
      '/@id/tsconfig.json?import',
      '/@id/README.md?raw',
      '/@id/scripts/build.mjs?import',
      '/@id/tests/support/site.ts',
      '/@id/openapi/content/openapi.yaml?raw',
      '/@id/.env.production?raw',
      '/@id/__x00__package.json',
      `/@id/__x00__${root}/package.json`,
      `/__x00__${root}/package.json`,
      '/@id/dev-public/consent-stub.js?raw',
      '/@id/public/favicon.ico?raw',
      `${root}/package.json?import`,
      `${root}/package.json?raw`,
      `${root}/vite.config.ts`,
      `${root}/tests/support/site.ts`,
      `${root}/src/../package.json?import`,
      `${root}%2fpackage.json?import`,
      `/@fs${root}/package.json?import`,
      `/@fs${root}/vite.config.ts?raw`,
      '/vite.config.ts?raw',
      '/vite.config.ts?url',
      '/vite.config.ts?inline',
      '/package.json?url',
      '/package.json?inline',
    ];
    const served: string[] = [];
    for (const path of paths) {
      for (const headers of [browser, crawler, script]) {
        const res = await rawGet(site, path, headers);
        if (res.status !== 404 || /PLANTED|"name": "aero-site-clients"|VITE_/.test(res.body.toString('utf8')))
          served.push(`${path} (${headers.accept}): ${res.status}`);
      }
    }
    expect(served).toEqual([]);
  });

  it('still serves the page, its sources and dependencies, the public files, the stand-ins and the API reference', async () => {
    const page = await rawGet(site, '/', browser);
    expect(page.status).toBe(200);
    expect(page.body.toString('utf8')).toContain('<script type="module" src="/src/site/main.tsx"></script>');
    expect((await rawGet(site, '/capabilities/space', browser)).status).toBe(200); // the app's route
    for (const path of [
      '/src/site/main.tsx',
      '/src/site/siteEnv.ts',
      '/src/site/main.tsx?import',
      '/src/site/main.tsx?raw',
      '/@id/src/site/main.tsx',
      `/@fs${root}/src/site/head.ts`,
      '/@vite/client',
      '/@id/@vite/client',
      '/@react-refresh',
      '/@id/react',
      '/@id/react-dom/client',
    ]) {
      const res = await rawGet(site, path, script);
      expect(res.status, path).toBe(200);
      expect(res.headers['content-type'], path).toMatch(/javascript/);
    }
    const favicon = await rawGet(site, '/favicon.ico', script);
    expect(favicon.status).toBe(200);
    expect(favicon.body.equals(readFileSync(join(root, 'public', 'favicon.ico')))).toBe(true);
    expect((await rawGet(site, '/consent-stub.js', script)).body.toString('utf8')).toBe(
      readFileSync(join(root, 'dev-public', 'consent-stub.js'), 'utf8'),
    );
    expect((await rawGet(site, '/docs', browser)).status).toBe(302);
  });
});

describe('the preview serves no page for a path that names another host', () => {
  // `//evil.example` and `/\\evil.example` are network-path references: read as a URL (by a router, a
  // cache, a redirect built from the path) they name another host. A static host answers them 404;
  // the preview answered the home page with 200.
  let server: PreviewServer | undefined;
  let site = '';
  const dist = mkdtempSync(join(tmpdir(), 'preview-network-path-'));

  beforeAll(async () => {
    for (const [file, text] of [
      ['shell.html', '<!doctype html><title>shell</title>SHELL'],
      ['index.html', '<!doctype html><title>home</title>HOME'],
      ['404.html', '<!doctype html><title>not found</title>NOT FOUND'],
      ['news/index.html', '<!doctype html><title>news</title>NEWS'],
    ] as const) {
      mkdirSync(join(dist, file, '..'), { recursive: true });
      writeFileSync(join(dist, file), text);
    }
    server = await preview({
      root: dist,
      configFile: false,
      logLevel: 'silent',
      plugins: devServer({ panel: false }),
      build: { outDir: dist },
      preview: { port: await freePort(), strictPort: true, host: '127.0.0.1' },
    });
    site = `http://127.0.0.1:${(server.httpServer.address() as { port: number }).port}`;
  }, 60_000);
  afterAll(async () => {
    await server?.close();
    rmSync(dist, { recursive: true, force: true });
  });

  const page = { accept: 'text/html,application/xhtml+xml', 'sec-fetch-dest': 'document' };
  const anything = { accept: '*/*' };

  it('still serves the pages of the build, and the not-found page for other paths', async () => {
    const home = await rawGet(site, '/', page);
    expect([home.status, home.decoded().toString()]).toEqual([200, expect.stringContaining('HOME')]);
    expect((await rawGet(site, '/news', page)).decoded().toString()).toContain('NEWS');
    const missing = await rawGet(site, '/nowhere', page);
    expect([missing.status, missing.decoded().toString()]).toEqual([404, expect.stringContaining('NOT FOUND')]);
  });

  it.each([
    '//evil.example',
    '//evil.example/',
    '//evil.example/news',
    '//evil.example/?q=1',
    '//evil.example/app.js',
    '///evil.example',
    '/\\evil.example',
    '/\\evil.example/news',
    '/\\/evil.example',
    '/%2Fevil.example',
    '/%2fevil.example/news',
    '/%5Cevil.example',
    '/%5cevil.example',
    '/%2F%2Fevil.example',
    '/%5C%5Cevil.example',
  ])('answers %s with 404, never a page', async (path) => {
    for (const headers of [page, anything]) {
      const res = await rawGet(site, path, headers);
      const body = res.decoded().toString();
      expect([res.status, /HOME|NEWS|SHELL/.test(body)], `${path} (${headers.accept})`).toEqual([404, false]);
    }
  });
});
