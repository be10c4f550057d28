import { trustedPolicy, type Trusted } from '../core/trustedTypes.ts';
import { EngageError } from './messages.ts';
import { isObject } from './settings.ts';
import { DEFAULT_WEB_FLOW_TARGET, webFlowScriptUrl } from './traces.ts';
import type { EngageConfig, WebPersonalizationSettings } from './types.ts';

/** The settings the web experiences script reads from `window.Engage.settings`. */
export interface WebExperienceSettings {
  client_key: string;
  pointOfSale: string;
  targetURL: string;
  web_flow_config: { async: boolean; defer: boolean };
  web_flow_target: string;
}

/**
 * Starts web personalization as the reference does: it needs a point of sale (`MV-0003`,
 * which `init` rejects with once the browser id exists), sets `window.Engage.settings`, and appends
 * `<script src="{target}/web-flow-libs/{clientKey}/web-version.min.js">` (`async` unless
 * `asyncScriptLoading: false`, never `defer`). A second init does not add the script twice.
 */
export function loadWebPersonalization(config: EngageConfig, engage: { settings?: WebExperienceSettings }): void {
  const { pointOfSale, webPersonalization: web } = config;
  if (!pointOfSale) throw new EngageError('MV-0003');
  const options: WebPersonalizationSettings = isObject(web) ? web : {};
  const settings: WebExperienceSettings = {
    client_key: config.clientKey,
    pointOfSale,
    targetURL: config.targetURL,
    web_flow_config: { async: options.asyncScriptLoading ?? true, defer: options.deferScriptLoading ?? false },
    web_flow_target: options.baseURLOverride ?? DEFAULT_WEB_FLOW_TARGET,
  };
  engage.settings = settings;
  const src = webFlowScriptUrl(settings.web_flow_target, settings.client_key);
  if ([...document.scripts].some((script) => script.src === src)) return;
  const script = document.createElement('script');
  script.type = 'text/javascript';
  // Under Trusted Types through the `web-personalization` policy, which passes this script's URL only.
  const policy = trustedPolicy('web-personalization', { createScriptURL: (url) => (url === src ? url : '') });
  (script as { src: string | Trusted }).src = policy ? policy.createScriptURL(src) : src;
  script.async = settings.web_flow_config.async;
  document.head.appendChild(script);
}
