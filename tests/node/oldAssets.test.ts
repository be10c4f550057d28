import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { emptyManifest, type ManifestEntry } from '../../scripts/lib/prerender/manifest.mjs';
import { removeOldAssets } from '../../scripts/lib/prerender/oldAssets.mjs';

// An incremental build writes its new browser files beside the old ones; what it then removes
// (lib/prerender/oldAssets.mjs), as the deployed site's `assets/` folder shows it.

const dirs: string[] = [];
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

/** A build folder, its state folder, and a build of bundle `version` writing `files` into it. */
function site() {
  const outDir = mkdtempSync(join(tmpdir(), 'old-assets-out-'));
  const stateDir = mkdtempSync(join(tmpdir(), 'old-assets-state-'));
  dirs.push(outDir, stateDir);
  let previous: string | undefined;
  return {
    files: () => readdirSync(join(outDir, 'assets'), { recursive: true, encoding: 'utf8' }).sort(),
    /** Writes the build's files, then removes as the build does; pages of `older` keep their bundle. */
    build(version: string, { older = {} as Record<string, string> } = {}) {
      const chunk = `assets/index-${version}.js`;
      const clientManifest = {
        'index.html': { file: chunk, isEntry: true, css: [`assets/index-${version}.css`], imports: ['_c'] },
        _c: { file: `assets/chunk-${version}.js`, assets: [`assets/img/logo-${version}.svg`] },
      };
      mkdirSync(join(outDir, 'assets', 'img'), { recursive: true });
      for (const file of [
        chunk,
        `assets/index-${version}.css`,
        `assets/chunk-${version}.js`,
        `assets/img/logo-${version}.svg`,
      ])
        writeFileSync(join(outDir, file), version);
      const manifest = emptyManifest(version);
      manifest.routes['/'] = { bundle: version } as ManifestEntry;
      for (const [path, bundle] of Object.entries(older)) manifest.routes[path] = { bundle } as ManifestEntry;
      const removed = removeOldAssets({ outDir, stateDir, manifest, clientManifest, previousBundle: previous });
      previous = version;
      return removed;
    },
    outDir,
  };
}

const of = (version: string) =>
  [`chunk-${version}.js`, `img/logo-${version}.svg`, `index-${version}.css`, `index-${version}.js`].sort();

describe('the browser files an incremental build removes', () => {
  it("keeps its own and the build before's (a page cached a moment ago asks for them), and removes older ones", () => {
    const s = site();
    expect(s.build('v1')).toEqual([]);
    expect(s.build('v2')).toEqual([]);
    expect(s.files()).toEqual(['img', ...of('v1'), ...of('v2')].sort());
    expect(s.build('v3')).toEqual(of('v1').map((file) => `assets/${file}`));
    expect(s.files()).toEqual(['img', ...of('v2'), ...of('v3')].sort());
    // The same code again (new content): the bundle before it still stays, until the next code.
    expect(s.build('v3')).toEqual([]);
    expect(s.build('v3')).toEqual([]);
    expect(s.build('v4')).toEqual(of('v2').map((file) => `assets/${file}`));
  });

  it('keeps the files of a bundle a page still was rendered with (its render failed, its old page stays)', () => {
    const s = site();
    s.build('v1');
    s.build('v2', { older: { '/news': 'v1' } });
    s.build('v3', { older: { '/news': 'v1' } });
    expect(s.files()).toEqual(['img', ...of('v1'), ...of('v2'), ...of('v3')].sort());
    s.build('v4');
    expect(s.files()).toEqual(['img', ...of('v3'), ...of('v4')].sort());
  });

  it('removes nothing while a bundle in use has no record (a build made before the record existed)', () => {
    const s = site();
    writeFileSync(join(s.outDir, 'unknown.txt'), '');
    mkdirSync(join(s.outDir, 'assets'), { recursive: true });
    writeFileSync(join(s.outDir, 'assets', 'index-v0.js'), 'v0');
    s.build('v1', { older: { '/news': 'v0' } });
    expect(s.files()).toContain('index-v0.js');
    // Once no page uses it and the build before is recorded, its files go; files outside assets/ never.
    s.build('v2');
    s.build('v3');
    expect(s.files()).toEqual(['img', ...of('v2'), ...of('v3')].sort());
    expect(existsSync(join(s.outDir, 'unknown.txt'))).toBe(true);
  });
});
