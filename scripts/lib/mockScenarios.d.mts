// Types of mockScenarios.mjs for the TypeScript that imports it (tests).

/** The declared answers of one operation: status codes, and the code whose response holds each named example. */
export interface ScenarioOperation {
  codes: string[];
  exampleCodes: Map<string, string>;
}
/** One API's scenario catalogue, read from its contract. */
export interface ScenarioApi {
  examples: string[];
  codes: string[];
  operations: Map<string, ScenarioOperation>;
  operationOf(method: string, pathname: string): ScenarioOperation | undefined;
}
export type ScenarioCatalogue = Record<string, ScenarioApi>;
/** One validated `api:choice` entry. */
export type ScenarioChoice =
  | { api: string; kind: 'example'; example: string; text: string }
  | { api: string; kind: 'code'; code: string; text: string }
  | { api: string; kind: 'dynamic'; text: string };
export type ParsedScenario = { ok: true; choices: ScenarioChoice[]; value: string } | { ok: false; error: string };

export declare const SCENARIO_PARAM: 'mock';
export declare function describeApi(doc: object): ScenarioApi;
export declare function loadScenarioCatalogue(options?: { dir?: string; apis?: string[] }): Promise<ScenarioCatalogue>;
export declare function loadedScenarioCatalogue(): ScenarioCatalogue | undefined;
export declare function choicesOf(api: ScenarioApi): string[];
export declare function parseScenario(raw: string, catalogue: ScenarioCatalogue): ParsedScenario;
export declare function preferFor(
  catalogue: ScenarioCatalogue | undefined,
  choices: ScenarioChoice[],
  api: string,
  method: string,
  pathname: string,
): string | undefined;
export declare function panelCatalogue(
  catalogue: ScenarioCatalogue,
): Record<string, { examples: string[]; codes: string[] }>;
