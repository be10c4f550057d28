// The site's Vite configuration: which plugins, in which order. The plugins themselves live in
// scripts/lib (an ESLint rule keeps this file short).
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { devServer } from './scripts/lib/devServer.mjs';
import { consentFirst, contentFirst, inlineStylesheet, startPreloaded } from './scripts/lib/pageHtmlPlugins.mjs';
import { previewSecurityHeaders } from './scripts/lib/securityHeaders.mjs';
import { publicFilesOnly } from './scripts/lib/servedFiles.mjs';
import { siteEnvCheck } from './scripts/lib/siteEnvCheck.mjs';
import { consentLoaderScript } from './src/site/consent.ts';
import { assertSiteEnv } from './src/site/siteEnv.ts';

export default defineConfig({
  plugins: [
    // The mode's settings, checked before a build or dev server starts (src/site/siteEnv.ts).
    siteEnvCheck(assertSiteEnv),
    // The page's HTML: the consent platform's loader first, the stylesheet inlined, React DOM's chunk
    // preloaded with the entry, the page's own scripts behind its content (scripts/lib/pageHtmlPlugins.mjs).
    consentFirst(consentLoaderScript),
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
