// @ts-check
// The Vite plugins that shape the page's HTML (vite.config.ts lists them): the consent platform's
// loader first in the head, the stylesheet inlined, the start-up chunk preloaded, and the page's own
// scripts behind its content.

/** @import { Plugin } from 'vite' */

/**
 * The consent platform starts loading from the page's head as the HTML is parsed
 * (src/site/consent.ts `consentLoaderScript`, given as `loaderScript`), not once the page's code has
 * loaded and run: its prompt is the first thing a first visit answers. In the dev server too, so both
 * serve one page.
 * @param {(options: { src: string; domainScript?: string }) => string} loaderScript
 * @returns {Plugin}
 */
export function consentFirst(loaderScript) {
  /** @type {Record<string, string>} */
  let env = {};
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
      const loader = loaderScript({ src, domainScript: env.VITE_CONSENT_DOMAIN_SCRIPT || undefined });
      return html.replace('<title>', () => `${loader}\n    <title>`);
    },
  };
}

/**
 * The build's stylesheet goes into the page itself (`<style>` in place of its `<link>`): the first
 * paint then needs the HTML document only, not a second round trip (150 ms and more on a phone on a
 * slow network) for 2.5 KB gzip of CSS. The file stays in `assets/` for anything that links it.
 * @returns {Plugin}
 */
export function inlineStylesheet() {
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
          (link, /** @type {string} */ file) => {
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
 * @returns {Plugin}
 */
export function contentFirst() {
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
 * @param {RegExp} starts
 * @returns {Plugin}
 */
export function startPreloaded(starts) {
  return {
    name: 'start-preloaded',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle, chunk }) {
        if (!bundle || !chunk) return html;
        const linked = new Set([chunk.fileName, ...chunk.imports]);
        /** @type {Set<string>} */
        const files = new Set();
        /** @param {string} file */
        const visit = (file) => {
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
