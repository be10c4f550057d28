// Types of prism.mjs for the TypeScript that imports it (vite.config.ts, tests).
import type { ChildProcess } from 'node:child_process';

export type ApiName = 'commerce' | 'engagement' | 'search' | 'oneconnect' | 'auth' | 'content';
export declare const root: string;
export declare const MOCK_PORTS: Record<ApiName, number>;
/** The mode whose settings are the mocks' (`.env.development`). */
export declare const MOCK_BACKED_MODE: 'development';
export declare function freePort(): Promise<number>;
export interface PrismServer {
  api: ApiName;
  url: string;
  port: number;
  /** Undefined when Prism was never spawned (its contract file is missing). */
  child: ChildProcess | undefined;
  ready: Promise<string>;
  exited: Promise<number | null>;
  /** SIGTERM, SIGKILL after `stopTimeoutMs`; resolves at most `killTimeoutMs` later, exited or not. */
  stop(): Promise<void>;
}
export declare function startPrism(
  api: ApiName,
  options: {
    port: number;
    errors?: boolean;
    upstream?: string;
    spec?: string;
    quiet?: boolean;
    startTimeoutMs?: number;
    /** Wait after SIGTERM before SIGKILL. Defaults to 5 000 ms. */
    stopTimeoutMs?: number;
    /** Wait after SIGKILL before `stop()` resolves anyway. Defaults to 2 000 ms. */
    killTimeoutMs?: number;
    onLine?: (line: string) => void;
    /** The Prism executable. Defaults to `node_modules/.bin/prism`. */
    bin?: string;
  },
): PrismServer;
/** The APIs that have a contract in openapi/. */
export declare function presentApis(): ApiName[];
/** Starts a mock of every contract on free ports; resolves once all listen. */
export declare function startMocksOnFreePorts(options?: {
  errors?: boolean;
  onLine?: (api: ApiName, line: string) => void;
  startTimeoutMs?: number;
}): Promise<{
  servers: PrismServer[];
  ports: Record<ApiName, number>;
  stop(): Promise<unknown>;
}>;
