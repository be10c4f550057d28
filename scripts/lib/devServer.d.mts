// Types of devServer.mjs for the TypeScript that imports it (vite.config.ts, tests).
import type { Plugin, ProxyOptions } from 'vite';
import type { ApiName } from './prism.mjs';

/** The servers' proxy table: the site's same-origin API paths to the Prism mocks on `ports`. */
export declare function mockProxy(ports?: Record<ApiName, number>): Record<string, ProxyOptions>;
/** The Vite plugins of the development and preview servers (ports, mock proxy, QA panel, stand-ins). */
export declare function devServer(options?: { mockPorts?: Record<ApiName, number>; panel?: boolean }): Plugin[];
