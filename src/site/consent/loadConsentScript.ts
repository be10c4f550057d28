/** Options of {@link loadConsentScript}. */
export interface ConsentScriptOptions {
  /** URL of the consent platform's script. */
  src: string;
  /** The platform's domain script id (`data-domain-script`), when it needs one. Defaults to none. */
  domainScript?: string;
  /** Document to add the script to. Defaults to the global `document`. */
  doc?: Document;
}

/**
 * Adds the consent platform's script to the page once (a second call with the
 * same URL does nothing) and returns the script element.
 */
export function loadConsentScript({ src, domainScript, doc = document }: ConsentScriptOptions): HTMLScriptElement {
  const existing = doc.querySelector<HTMLScriptElement>('script[data-consent-script]');
  if (existing) return existing;
  const script = doc.createElement('script');
  script.src = src;
  script.async = true;
  script.dataset.consentScript = '';
  if (domainScript) script.dataset.domainScript = domainScript;
  doc.head.appendChild(script);
  return script;
}
