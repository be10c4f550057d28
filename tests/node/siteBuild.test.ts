import { spawn } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { parseEnv } from 'node:util';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { startContentMock } from '../../scripts/lib/contentMock.mjs';
import { freePort, root } from '../../scripts/lib/prism.mjs';
import { buildSite } from '../../scripts/lib/siteServer.mjs';
import { stateDirOf } from '../../scripts/lib/prerender/manifest.mjs';
import { sharedMock } from '../support/shared.ts';
import { siteEnvVariables } from '../../src/site/siteEnv.ts';

// The real build (`npm run build -- --mode <mode>`) in a child process, as a deployment runs it:
// the build's environment holds exactly the variables given (none inherited from this test process).
const build = join(root, 'scripts', 'build.mjs');
const outDirs: string[] = [];
// The deployment's content host is not reachable from here: the build reads the content mock,
// served as a content host, through PRERENDER_CONTENT_HOST (as a build machine reaching the
// delivery host at an internal address would), in front of the run's content Prism. Each build is a
// child process of its own, so they run concurrently.
let contentMock: Awaited<ReturnType<typeof startContentMock>>;
// The content host an editor broke: its careers page links a job page that was never published.
let withDeadLink: { server: Server; url: string };
const DEAD_LINK = '/careers/jobs/astronaut-corps';
beforeAll(async () => {
  contentMock = await startContentMock({ prismUrl: await sharedMock('content') });
  withDeadLink = await contentHostWithDeadLink(contentMock.url);
}, 180_000);
afterAll(async () => {
  for (const dir of outDirs) for (const made of [dir, stateDirOf(dir)]) rmSync(made, { recursive: true, force: true });
  await new Promise((resolve) => withDeadLink?.server.close(resolve));
  await contentMock?.stop();
});

/** A content host in front of `upstream` whose `/careers` answer links its first job to {@link DEAD_LINK}. */
async function contentHostWithDeadLink(upstream: string): Promise<{ server: Server; url: string }> {
  const server = createServer((req, res) => {
    void (async () => {
      const answer = await fetch(new URL(req.url ?? '/', upstream));
      const body = await answer.text();
      const careers = new URL(req.url ?? '/', upstream).searchParams.get('item') === '/careers';
      const data = careers ? JSON.parse(body) : undefined;
      // The English careers page lists jobs; the German one lists none (nothing to break there).
      const job = data?.sitecore.route?.placeholders.main?.[0]?.fields.jobs?.[0];
      if (job) job.fields.link.value.href = DEAD_LINK;
      res.writeHead(answer.status, { 'content-type': 'application/json' }).end(data ? JSON.stringify(data) : body);
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

function viteBuild(
  mode: string,
  vars: Record<string, string>,
): Promise<{ code: number | null; output: string; outDir: string }> {
  const outDir = mkdtempSync(join(tmpdir(), 'site-env-build-'));
  outDirs.push(outDir);
  const env = Object.fromEntries(
    Object.entries(process.env).filter(
      ([k]) => !k.startsWith('VITE_') && k !== 'NODE_ENV' && k !== 'PRERENDER_CONTENT_HOST',
    ),
  );
  const child = spawn(process.execPath, [build, '--mode', mode, '--outDir', outDir], {
    cwd: root,
    env: { ...env, ...vars },
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, output, outDir })));
}

const files = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile())
    .map((e) => join(e.parentPath, e.name));

const dev = parseEnv(readFileSync(join(root, '.env.development'), 'utf8'));
const required = Object.entries(siteEnvVariables)
  .filter(([, v]) => !('optional' in v))
  .map(([name]) => name);

const production: Record<string, string> = {
  VITE_PUBLIC_ORIGIN: 'https://www.aero.example',
  VITE_CONTENT_HOST: 'https://cd.aero.example',
  VITE_CONTENT_API_KEY: '9A1B2C3D-4E5F-4A6B-8C7D-0E1F2A3B4C5D',
  VITE_SEARCH_ENV: 'prod',
  VITE_SEARCH_CUSTOMER_KEY: '98765-4321000',
  VITE_SEARCH_API_KEY: 'prod-browser-key-7f3a',
  VITE_ENGAGEMENT_CLIENT_KEY: 'prodClientKey0123456789abcdefABCD',
  VITE_ENGAGEMENT_TARGET_URL: 'https://api.engage.aero.example',
  VITE_WEB_PERSONALIZATION_URL: 'https://d35vb5cccm4xzp.cloudfront.net',
  VITE_COMMERCE_REGION: 'europeWest',
  VITE_COMMERCE_ENVIRONMENT: 'prod',
  VITE_COMMERCE_CLIENT_ID: '6D5C4B3A-2F1E-4D0C-9B8A-7F6E5D4C3B2A',
  VITE_CONSENT_SCRIPT_URL: 'https://cdn.consent.example/scripttemplates/otSDKStub.js',
  VITE_CONSENT_DOMAIN_SCRIPT: '0190a0b1-c2d3-4e4f-a5b6-c7d8e9f00112',
  VITE_BANNER_LAYOUT_ID: '7c1d2e3f-campaign',
};

describe.concurrent('building the site for an environment', () => {
  it.for(['production', 'uat'])(
    'a %s build with no settings stops with one message naming each missing variable',
    async (mode, { expect }) => {
      const { code, output, outDir } = await viteBuild(mode, {});
      expect(code).not.toBe(0);
      expect(output).toContain(`The site's settings for mode "${mode}" are incomplete or invalid`);
      for (const name of required) expect(output).toContain(`${name} is missing`);
      expect(files(outDir)).toEqual([]);
    },
  );

  it('a production build with a malformed customer key, API key or host names the variable and its rule', async ({
    expect,
  }) => {
    const { code, output } = await viteBuild('production', {
      ...production,
      VITE_SEARCH_CUSTOMER_KEY: '11111_2222222',
      VITE_CONTENT_API_KEY: 'content-key',
      VITE_CONTENT_HOST: 'http://cd.aero.example',
    });
    expect(code).not.toBe(0);
    expect(output).toContain(
      'VITE_SEARCH_CUSTOMER_KEY (search customer key): Invalid customerKey: "11111_2222222". It should match the following pattern: (\\d+)-(\\d+). Example: 11111-2222222',
    );
    expect(output).toContain(
      'VITE_CONTENT_API_KEY (content platform API key, sc_apikey): "content-key" should be a GUID',
    );
    expect(output).toContain(
      'VITE_CONTENT_HOST (content platform host of the layout and dictionary services): "http://cd.aero.example" should be an https URL in a deployed build',
    );
    expect(output).not.toContain('is missing');
  });

  // The production build, end to end; that a uat build stops the same way is deadLinks.test's (the
  // mode reaches the check the same way for both, and a whole build is 7 s of CPU).
  it.for(['production'])(
    'a %s build whose content links a page that does not exist stops, naming the dead link and its page',
    async (mode, { expect }) => {
      const { code, output, outDir } = await viteBuild(mode, {
        ...production,
        PRERENDER_CONTENT_HOST: withDeadLink.url,
      });
      expect(code).not.toBe(0);
      expect(output).toContain('prerender: a dead link (an internal link to no route of the build):');
      expect(output).toContain(`  - ${DEAD_LINK} on /careers\n`);
      expect(output).toContain(`A ${mode} build stops on dead links`);
      expect(existsSync(join(outDir, 'sitemap.xml'))).toBe(false);
    },
  );

  it('a development build of the same content goes on, warning with the dead link and its page', async ({ expect }) => {
    const { code, output, outDir } = await viteBuild('development', { PRERENDER_CONTENT_HOST: withDeadLink.url });
    expect(code).toBe(0);
    expect(output).toContain(
      `prerender: a dead link (an internal link to no route of the build):\n  - ${DEAD_LINK} on /careers`,
    );
    expect(existsSync(join(outDir, 'careers', 'index.html'))).toBe(true);
  });

  it('a production build whose content host cannot be reached stops, naming the host and the setting to use', async ({
    expect,
  }) => {
    const unreachable = `http://127.0.0.1:${await freePort()}`;
    const { code, output, outDir } = await viteBuild('production', {
      ...production,
      PRERENDER_CONTENT_HOST: unreachable,
    });
    expect(code).not.toBe(0);
    expect(output).toContain(`prerender: could not read the route list from ${unreachable}`);
    expect(output).toContain('set PRERENDER_CONTENT_HOST if the build reaches the layout service at another address');
    expect(existsSync(join(outDir, 'sitemap.xml'))).toBe(false);
  });

  it('a production build with production settings ships them, and no development key, mock URL or stand-in', async ({
    expect,
  }) => {
    const { code, output, outDir } = await viteBuild('production', {
      ...production,
      PRERENDER_CONTENT_HOST: contentMock.url,
    });
    expect(output).not.toMatch(/warn|error/i);
    expect(code).toBe(0);
    const shipped = files(outDir).map((file) => ({
      path: relative(outDir, file),
      // The search SDK's own message quotes the example key; that text is the reference SDK's, not a setting.
      // A prerendered page's layout data is the content host's (here the mock's, whose targeted route
      // shares the development layout id): what is checked there is the page around it.
      text: readFileSync(file, 'latin1')
        .replaceAll('Example: 11111-2222222', '')
        .replace(/<script type="application\/json" id="site-state">[^<]*<\/script>/, '')
        .replace(/ data-layout-id="[^"]*"/g, ''),
    }));
    expect(shipped.map((f) => f.path)).toContain('index.html');
    const everything = shipped.map((f) => `${f.path}\n${f.text}`).join('\n');

    // Generic names (an environment, a region, the root path) are left out: they occur in code anyway.
    const generic = new Set([
      'VITE_SEARCH_ENV',
      'VITE_SEARCH_HOST',
      'VITE_EDITOR_ORIGIN',
      'VITE_WEB_PERSONALIZATION_URL',
      'VITE_COMMERCE_REGION',
      'VITE_COMMERCE_ENVIRONMENT',
    ]);
    const devValues = Object.entries(dev).filter(([name, value]) => value && !generic.has(name));
    expect(devValues.length).toBeGreaterThanOrEqual(10);
    for (const [name, value] of devValues) expect(everything.includes(value!), `${name}=${value} shipped`).toBe(false);
    expect(everything).not.toMatch(
      /127\.0\.0\.1|localhost|\[::1\]|consent-stub|web-flow-libs\/[^$]|\/(engage|commerce|content)-api\b/,
    );

    // The settings given are what the pages use.
    for (const name of [
      'VITE_SEARCH_CUSTOMER_KEY',
      'VITE_SEARCH_API_KEY',
      'VITE_ENGAGEMENT_CLIENT_KEY',
      'VITE_CONSENT_SCRIPT_URL',
      'VITE_BANNER_LAYOUT_ID',
      'VITE_ENGAGEMENT_TARGET_URL',
      'VITE_COMMERCE_CLIENT_ID',
    ]) {
      expect(everything, name).toContain(production[name]);
    }
    expect(existsSync(join(outDir, 'consent-stub.js'))).toBe(false);

    // Its pages are prerendered for the public origin it was given.
    expect(readFileSync(join(outDir, 'capabilities', 'index.html'), 'utf8')).toContain(
      '<link rel="canonical" href="https://www.aero.example/capabilities"',
    );
    expect(readFileSync(join(outDir, 'robots.txt'), 'utf8')).toContain('Sitemap: https://www.aero.example/sitemap.xml');
  });
});

// Not concurrent with the builds above: it points the temporary folder (TMPDIR) elsewhere meanwhile.
describe('building the mock-backed site for the tests and benchmarks (buildSite)', () => {
  it('leaves no folder behind when the build fails', async ({ expect }) => {
    const tmp = mkdtempSync(join(tmpdir(), 'site-build-tmp-'));
    outDirs.push(tmp);
    const given = process.env.TMPDIR;
    process.env.TMPDIR = tmp;
    try {
      const unreachable = `http://127.0.0.1:${await freePort()}`;
      await expect(buildSite({ contentPrismUrl: unreachable })).rejects.toThrow('could not read the route list');
    } finally {
      if (given === undefined) delete process.env.TMPDIR;
      else process.env.TMPDIR = given;
    }
    expect(readdirSync(tmp)).toEqual([]);
  });
});
