import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { builtOrigin, ensurePreviewBuild, PREVIEW_ORIGIN } from '../../scripts/lib/previewBuild.mjs';
import { robotsTxt, SHELL_FILE } from '../../scripts/lib/siteServer.mjs';

// `npm run preview` serves a build made for its own origin: the canonical URLs, hreflang alternates,
// robots.txt and sitemap of the pages it serves on port 4173 point at port 4173, not at the dev
// server's 5173 that the development env file names.

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

/** A dist/ folder: empty, or a prerendered build made for `origin`. */
function dist(origin?: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'preview-dist-'));
  dirs.push(dir);
  if (origin) {
    writeFileSync(join(dir, SHELL_FILE), '<!doctype html>');
    writeFileSync(join(dir, 'robots.txt'), robotsTxt(origin));
  }
  return dir;
}

/** What `ensurePreviewBuild` does for `outDir` and `env`: the origin it built for, if it built. */
async function preview(outDir: string, env: NodeJS.ProcessEnv = {}) {
  const builds: (string | undefined)[] = [];
  const code = await ensurePreviewBuild({
    outDir,
    env,
    build: async (buildEnv) => (builds.push(buildEnv.VITE_PUBLIC_ORIGIN), 0),
    log: () => {},
  });
  return { code, builds };
}

describe("npm run preview's build", () => {
  it("is made for the preview's origin, port 4173", async () => {
    expect(PREVIEW_ORIGIN).toBe('http://127.0.0.1:4173');
    expect(await preview(dist())).toEqual({ code: 0, builds: ['http://127.0.0.1:4173'] });
  });

  it("is made again when dist/ holds a build for the dev server's origin (npm run build's)", async () => {
    expect(await preview(dist('http://127.0.0.1:5173'))).toEqual({ code: 0, builds: ['http://127.0.0.1:4173'] });
  });

  it("is served as it is when dist/ holds one for the preview's origin", async () => {
    expect(await preview(dist('http://127.0.0.1:4173'))).toEqual({ code: 0, builds: [] });
  });

  it('keeps an origin the environment sets (a variable set for the build overrides the env file)', async () => {
    const env = { VITE_PUBLIC_ORIGIN: 'http://preview.test:8080', PATH: '/bin' };
    const run = await preview(dist(), env);
    expect(run.builds).toEqual(['http://preview.test:8080']);
  });

  it('reads the origin a build was made for from its robots.txt', () => {
    expect(builtOrigin(dist('https://www.aero.example'))).toBe('https://www.aero.example');
    expect(builtOrigin(dist())).toBeUndefined();
  });
});
