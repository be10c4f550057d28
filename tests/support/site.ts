import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { createServer, type ViteDevServer } from 'vite';
import { freePort, root, startPrism, MOCK_PORTS, type ApiName, type PrismServer } from '../../scripts/lib/prism.mjs';
import { mockProxy } from '../../vite.config.ts';

type Api = ApiName;
type Started = PrismServer;

/** The site served by Vite against Prism mocks, all on free ports. */
export interface SiteUnderTest {
  /** The site's origin, e.g. `http://127.0.0.1:41234`. */
  url: string;
  /** Mock base URLs by API (the browser reaches them through the Vite proxy). */
  mocks: Partial<Record<Api, string>>;
  stop(): Promise<void>;
}

/** Starts every contract's Prism mock and the Vite dev server proxying to them. */
export async function startSite(): Promise<SiteUnderTest> {
  const apis = (Object.keys(MOCK_PORTS) as Api[]).filter((api) => existsSync(join(root, 'openapi', api, 'openapi.yaml')));
  const ports = { ...MOCK_PORTS } as Record<Api, number>;
  const servers: Started[] = [];
  for (const api of apis) {
    ports[api] = await freePort();
    servers.push(startPrism(api, { port: ports[api], errors: true }));
  }
  let vite: ViteDevServer | undefined;
  const stop = async () => {
    await vite?.close();
    await Promise.all(servers.map((s) => s.stop()));
  };
  try {
    await Promise.all(servers.map((s) => s.ready));
    vite = await createServer({
      configFile: join(root, 'vite.config.ts'),
      logLevel: 'error',
      server: { port: await freePort(), strictPort: true, host: '127.0.0.1', proxy: mockProxy(ports) },
    });
    await vite.listen();
  } catch (error) {
    await stop();
    throw error;
  }
  const address = vite.httpServer?.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { url: `http://127.0.0.1:${port}`, mocks: Object.fromEntries(servers.map((s) => [s.api, s.url])), stop };
}
