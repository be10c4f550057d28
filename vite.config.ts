import { defineConfig, type ProxyOptions } from 'vite';
import react from '@vitejs/plugin-react';
import { MOCK_PORTS } from './scripts/lib/prism.mjs';

const mock = (port: number, strip?: string): ProxyOptions => ({
  target: `http://127.0.0.1:${port}`,
  changeOrigin: true,
  ...(strip ? { rewrite: (path: string) => path.slice(strip.length) || '/' } : {}),
});

/**
 * The browser sees production-like same-origin paths; in development and preview
 * they are proxied to the Prism mocks (`npm run mock` ports; tests pass their own).
 */
export function mockProxy(ports: Record<keyof typeof MOCK_PORTS, number> = MOCK_PORTS): Record<string, ProxyOptions> {
  return {
    '/api/oneconnect': mock(ports.oneconnect),
    '/api/auth': mock(ports.auth, '/api/auth'),
    '/engage-api': mock(ports.engagement, '/engage-api'),
    '/search-api': mock(ports.search, '/search-api'),
    '/commerce-api': mock(ports.commerce, '/commerce-api'),
  };
}

const proxy = mockProxy();

export default defineConfig({
  plugins: [react()],
  server: { port: 5173, strictPort: true, host: '127.0.0.1', proxy },
  preview: { port: 4173, strictPort: true, host: '127.0.0.1', proxy },
  build: { outDir: 'dist', sourcemap: false },
});
