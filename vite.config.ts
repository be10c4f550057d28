import { defineConfig, type ProxyOptions } from 'vite';
import react from '@vitejs/plugin-react';
import { docsPlugin } from './scripts/contract/docsPlugin.mjs';
import { MOCK_PORTS } from './scripts/lib/prism.mjs';

const mock = (port: number, strip?: string): ProxyOptions => ({
  target: `http://127.0.0.1:${port}`,
  changeOrigin: true,
  ...(strip ? { rewrite: (path: string) => path.slice(strip.length) || '/' } : {}),
});

/**
 * The sign-in and error pages under /api/auth are the site's own pages (the
 * session client redirects readers there): a browser navigation to them gets the
 * app, while the session client's JSON calls still reach the auth mock.
 */
function siteOwnedAuthPages(req: { method?: string; url?: string; headers: Record<string, unknown> }): string | undefined {
  const accept = String(req.headers.accept ?? '');
  if (req.method === 'GET' && accept.includes('text/html') && /^\/api\/auth\/(signin|error)(\?|$)/.test(req.url ?? '')) {
    return '/index.html';
  }
  return undefined;
}

/**
 * The browser sees production-like same-origin paths; in development and preview
 * they are proxied to the Prism mocks (`npm run mock` ports; tests pass their own).
 */
export function mockProxy(ports: Record<keyof typeof MOCK_PORTS, number> = MOCK_PORTS): Record<string, ProxyOptions> {
  return {
    '/api/oneconnect': mock(ports.oneconnect),
    '/api/auth': { ...mock(ports.auth, '/api/auth'), bypass: siteOwnedAuthPages },
    '/engage-api': mock(ports.engagement, '/engage-api'),
    '/search-api': mock(ports.search, '/search-api'),
    '/commerce-api': mock(ports.commerce, '/commerce-api'),
  };
}

// Scripts that serve the site against mocks on other ports (benchmarks) pass them in.
const proxy = mockProxy({ ...MOCK_PORTS, ...(JSON.parse(process.env.SITE_MOCK_PORTS ?? '{}') as Partial<typeof MOCK_PORTS>) });

export default defineConfig({
  plugins: [react(), docsPlugin()],
  server: { port: 5173, strictPort: true, host: '127.0.0.1', proxy },
  preview: { port: 4173, strictPort: true, host: '127.0.0.1', proxy },
  build: { outDir: 'dist', sourcemap: false },
});
