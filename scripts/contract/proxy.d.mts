// Types of proxy.mjs for the TypeScript that imports it (tests).
import type { ChildProcess } from 'node:child_process';

export interface ProxyViolation {
  api: string;
  operationId: string | undefined;
  method: string;
  path: string;
  status: number;
  rule: string | undefined;
  location: string[] | undefined;
  severity: string | undefined;
  message: string;
}

export interface ValidatingProxy {
  api: string;
  url: string;
  port: number;
  readonly child: ChildProcess | undefined;
  ready: Promise<string>;
  exited: Promise<number | null>;
  stop(): Promise<void>;
}

export declare function startValidatingProxy(options: {
  api: string;
  port: number;
  upstream: string;
  spec?: string;
  log?: (line: string) => void;
  quiet?: boolean;
  onViolation?: (violation: ProxyViolation) => void;
  startTimeoutMs?: number;
}): ValidatingProxy;
