import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createServer, type ViteDevServer } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
      `/@fs${root}/src/site/head.ts`,
      '/@vite/client',
      '/@react-refresh',
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
