// Types of mockScenarioServer.mjs for the TypeScript that imports it (tests).
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Connect, Plugin, ProxyOptions } from 'vite';

export declare const SCENARIO_COOKIE: 'mockScenario';
export declare const PANEL_SCRIPT_PATH: string;
export declare function scenarioCookie(value: string): string;
export declare function readScenarioCookie(cookieHeader: string | undefined): string;
export declare function withMockScenarios<T extends Record<string, ProxyOptions>>(
  proxy: T,
  ports: Record<string, number>,
): T;
export declare function injectIntoHtml(req: IncomingMessage, res: ServerResponse, snippet: string): void;
export declare function panelSnippet(state: unknown): string;
export declare function scenarioMiddleware(): Connect.NextHandleFunction;
/** The QA mock-scenario plugin; `panel: false` serves pages without the panel. Defaults to true. */
export declare function mockScenarios(options?: { panel?: boolean }): Plugin;
