// Trusted Types: the page's policy (`require-trusted-types-for 'script'`, its own policy names only)
// makes every string that becomes HTML, a script or a script URL pass a named policy first. Each of
// the site's sinks has one policy here, created once per page, whose rule is the check that makes its
// strings safe; the build writes exactly these names into the Content-Security-Policy
// (scripts/lib/securityHeaders.mjs), so a policy the site creates and the header do not list, or the
// reverse, is caught by the enforced-policy suite.

/** A `TrustedHTML`, `TrustedScript` or `TrustedScriptURL` (TypeScript's DOM library types only the first). */
export type Trusted = TrustedHTML | { readonly trustedTypeBrand?: never };

/** What a policy may convert: each rule returns the string that is safe for its sink ('' refuses). */
export interface PolicyRules {
  createHTML?(input: string): string;
  createScript?(input: string): string;
  createScriptURL?(input: string): string;
}

/** A created policy: the rules' conversions, each returning the trusted value. */
export interface TrustedPolicy {
  createHTML(input: string): Trusted;
  createScript(input: string): Trusted;
  createScriptURL(input: string): Trusted;
}

interface TrustedTypeFactory {
  createPolicy(name: string, rules: PolicyRules): TrustedPolicy;
}

/**
 * Every policy the site creates, by name: the Content-Security-Policy's `trusted-types` list.
 * - `sanitized-html`: service HTML through the site's sanitizer (src/search/sanitize.ts);
 * - `presanitized-html`: rich text the build sanitized, in this page's own data (prerenderState.ts);
 * - `editable-html`: the content platform's editing markup through the editor's sanitizer profile;
 * - `editor-scripts`: the hosted page editor's scripts (its origin only) and data (JSON only);
 * - `consent-script`: the consent platform's script (its configured URL only; the page's inline
 *   loader creates it, src/site/consent.ts);
 * - `web-personalization`: the engagement SDK's web personalization script (its configured URL only);
 * - `head-json`: the head's structured data (JSON only);
 * - `dompurify`: DOMPurify's own parsing of the HTML it then sanitizes (handed to it, never used elsewhere).
 */
export const TRUSTED_TYPES_POLICIES = [
  'sanitized-html',
  'presanitized-html',
  'editable-html',
  'editor-scripts',
  'consent-script',
  'web-personalization',
  'head-json',
  'dompurify',
] as const;

/** The name of one of the site's policies. */
export type PolicyName = (typeof TRUSTED_TYPES_POLICIES)[number];

const created = new Map<PolicyName, TrustedPolicy | null>();

/**
 * The page's policy `name` with `rules` (created on first use; later calls get the same policy, their
 * rules ignored), or `null` where the browser has no Trusted Types (jsdom, a server, older browsers:
 * the strings go to their sinks as they are) or the page's policy refuses the name.
 */
export function trustedPolicy(name: PolicyName, rules: PolicyRules): TrustedPolicy | null {
  if (created.has(name)) return created.get(name)!;
  const factory =
    typeof window === 'undefined' ? undefined : (window as { trustedTypes?: TrustedTypeFactory }).trustedTypes;
  // No Trusted Types (yet): nothing to remember, the next call looks again.
  if (!factory) return null;
  let policy: TrustedPolicy | null;
  try {
    policy = factory.createPolicy(name, rules);
  } catch {
    policy = null; // refused by the page's policy: the sink then refuses the plain string too
  }
  created.set(name, policy);
  return policy;
}

/** JSON text as it may become a script element's text: itself when it parses as JSON, else `''`. */
export function jsonOnly(text: string): string {
  try {
    JSON.parse(text);
    return text;
  } catch {
    return '';
  }
}
