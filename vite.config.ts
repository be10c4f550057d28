import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseEnv } from 'node:util';
import { defineConfig, loadEnv, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { devServer } from './scripts/lib/devServer.mjs';
import { MOCK_BACKED_MODE } from './scripts/lib/prism.mjs';
import { previewSecurityHeaders } from './scripts/lib/securityHeaders.mjs';
import { publicFilesOnly } from './scripts/lib/servedFiles.mjs';
import { consentLoaderScript } from './src/site/consent.ts';
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
 * The consent platform starts loading from the page's head as the HTML is parsed
 * (src/site/consent.ts `consentLoaderScript`), not once the page's code has loaded and run: its
 * prompt is the first thing a first visit answers. In the dev server too, so both serve one page.
 */
function consentFirst(): Plugin {
  let env: Record<string, string> = {};
  return {
    name: 'consent-first',
    configResolved(config) {
      env = config.env;
    },
    transformIndexHtml(html) {
      const src = env.VITE_CONSENT_SCRIPT_URL;
      if (!src) return html;
      if (!html.includes('<title>'))
        throw new Error('consent-first: index.html has no <title> to load the consent platform before');
      const loader = consentLoaderScript({ src, domainScript: env.VITE_CONSENT_DOMAIN_SCRIPT || undefined });
      return html.replace('<title>', () => `${loader}\n    <title>`);
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

/**
 * The chunk the entry imports as it starts (src/site/main.tsx: React DOM, in a task of its own) is
 * preloaded by the page itself, as the entry's static imports are (`<link rel="modulepreload">`, made
 * low priority by `contentFirst`): the browser fetches it with the entry, not one round trip after
 * it. `starts` matches the module of each such import; the entry's other imports (the events SDK,
 * loaded after hydration) are not preloaded. The prerendered pages add their renderings' chunks to
 * these (scripts/lib/siteServer.mjs).
 */
function startPreloaded(starts: RegExp): Plugin {
  return {
    name: 'start-preloaded',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle, chunk }) {
        if (!bundle || !chunk) return html;
        const linked = new Set([chunk.fileName, ...chunk.imports]);
        const files = new Set<string>();
        const visit = (file: string) => {
          const imported = bundle[file];
          if (linked.has(file) || files.has(file) || imported?.type !== 'chunk') return;
          files.add(file);
          imported.imports.forEach(visit);
        };
        for (const file of chunk.dynamicImports) {
          const imported = bundle[file];
          if (imported?.type === 'chunk' && starts.test(imported.facadeModuleId ?? '')) visit(file);
        }
        if (files.size === 0) throw new Error(`start-preloaded: the entry imports no module matching ${starts}`);
        const links = [...files].map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`).join('');
        // After the entry and its own preloads: they run first.
        return html.replace(
          /(<script type="module"[^>]*><\/script>(?:\s*<link rel="modulepreload"[^>]*>)*)/,
          `$1${links}`,
        );
      },
    },
  };
}

export default defineConfig({
  plugins: [
    siteEnv(),
    consentFirst(),
    inlineStylesheet(),
    startPreloaded(/\/node_modules\/react-dom\/client\.js$/),
    contentFirst(),
    // The build's copy of public/ leaves out dotfiles and git-ignored files (scripts/lib/servedFiles.mjs).
    publicFilesOnly(),
    react(),
    // `vite` and `vite preview`: ports, proxies to the mocks, QA scenarios, stand-ins (scripts/lib/devServer.mjs).
    // `vite preview` sends the build's security headers, as the static host does (scripts/lib/securityHeaders.mjs).
    previewSecurityHeaders(),
    ...devServer(),
  ],
  build: { outDir: 'dist', sourcemap: false },
});
