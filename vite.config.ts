import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseEnv } from 'node:util';
import { defineConfig, loadEnv, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { devServer } from './scripts/lib/devServer.mjs';
import { MOCK_BACKED_MODE } from './scripts/lib/prism.mjs';
import { publicFilesOnly } from './scripts/lib/servedFiles.mjs';
import { assertSiteEnv } from './src/site/siteEnv.ts';

/**
 * Checks the mode's settings (its env file, overridden by the environment) before
 * a build or dev server starts: a uat or production build with a missing key or
 * a mock value stops here with one message naming every problem, instead of
 * shipping a bundle that silently calls nothing. `vite preview` only serves
 * files, so it is not checked.
 */
function siteEnv(): Plugin {
  return {
    name: 'site-env',
    config(config, { mode, isPreview }) {
      if (isPreview) return;
      const envDir = resolve(config.root ?? process.cwd(), typeof config.envDir === 'string' ? config.envDir : '');
      const devFile = join(envDir, `.env.${MOCK_BACKED_MODE}`);
      const devValues = existsSync(devFile) ? parseEnv(readFileSync(devFile, 'utf8')) : {};
      assertSiteEnv(loadEnv(mode, envDir, 'VITE_'), mode, devValues);
    },
  };
}

/**
 * The build's stylesheet goes into the page itself (`<style>` in place of its `<link>`): the first
 * paint then needs the HTML document only, not a second round trip (150 ms and more on a phone on a
 * slow network) for 2.5 KB gzip of CSS. The file stays in `assets/` for anything that links it.
 */
function inlineStylesheet(): Plugin {
  return {
    name: 'inline-stylesheet',
    apply: 'build',
    transformIndexHtml: {
      // After Vite has linked the entry's CSS into the page.
      order: 'post',
      handler(html, { bundle }) {
        if (!bundle) return html;
        return html.replace(
          /<link rel="stylesheet"(?: crossorigin)? href="\/(assets\/[^"]+\.css)">/g,
          (link, file: string) => {
            const asset = bundle[file];
            return asset?.type === 'asset'
              ? `<style>${String(asset.source).replace(/<\/style/gi, '<\\/style')}</style>`
              : link;
          },
        );
      },
    },
  };
}

/**
 * The page's own scripts (the entry and its `modulepreload`s) are fetched at low priority: on a phone
 * on a slow network they would otherwise share the first round trips with the page's largest
 * image and hold it back (LCP 450 ms after the first paint on `/`, 80 ms with the scripts behind
 * it). The content is in the HTML; the code that hydrates it follows. The build adds each page's
 * own preloads the same way (scripts/lib/siteServer.mjs).
 */
function contentFirst(): Plugin {
  return {
    name: 'content-first',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler: (html) =>
        html.replace(
          /<(script type="module"|link rel="modulepreload")(?![^>]*fetchpriority)/g,
          '<$1 fetchpriority="low"',
        ),
    },
  };
}

export default defineConfig({
  plugins: [
    siteEnv(),
    inlineStylesheet(),
    contentFirst(),
    // The build's copy of public/ leaves out dotfiles and git-ignored files (scripts/lib/servedFiles.mjs).
    publicFilesOnly(),
    react(),
    // `vite` and `vite preview`: ports, proxies to the mocks, QA scenarios, stand-ins (scripts/lib/devServer.mjs).
    ...devServer(),
  ],
  build: { outDir: 'dist', sourcemap: false },
});
