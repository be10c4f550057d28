/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** URL of the consent platform's script; defaults to the local stand-in. */
  readonly VITE_CONSENT_SCRIPT_URL?: string;
  /** The consent platform's domain script id. */
  readonly VITE_CONSENT_DOMAIN_SCRIPT?: string;
  /** The layout id of routes that show targeted banners. */
  readonly VITE_BANNER_LAYOUT_ID?: string;
}
