import { useEffect } from 'react';
import type { LayoutContext } from '../../content/index.ts';
import { safeLinkTarget } from '../../core/urlGuard.ts';
import { scriptJson } from '../prerenderState.ts';
import { absolute, siteConfig } from '../siteConfig.ts';

// The hosted page editor's own scripts and data (metadata edit mode): its layout answer names the
// scripts (`context.clientScripts`) that connect the page to the editor around it and the data they
// read (`context.clientData`), and the page loads them, as the platform's SDK does (EditingScripts).
// Edit mode only (ContentPage.tsx), so no visitor's or preview page, and no prerendered page, has them;
// and only from the editor's own origin (`VITE_EDITOR_ORIGIN`): an answer that names another host's
// script loads nothing.

/** Ids a data entry may have: a name, never one of the page's own elements' (`root`, `site-state`, `main-content`). */
const DATA_ID = /^[A-Za-z][\w.:-]{0,127}$/;
const RESERVED_IDS = new Set(['root', 'site-state', 'main-content']);

/** The editor's origin (`VITE_EDITOR_ORIGIN`, a same-origin path in development), or `undefined` when none is set. */
function editorOrigin(): string | undefined {
  const setting = siteConfig.editorOrigin;
  if (!setting) return undefined;
  try {
    return new URL(absolute(setting)).origin;
  } catch {
    return undefined;
  }
}

/**
 * The answer's editor script URLs that may load: each through the site's URL guard, then only those
 * on `origin` (the editor's; none without one), in order, each once.
 */
export function editorScriptUrls(context: LayoutContext | undefined, origin = editorOrigin()): string[] {
  const scripts = (context as { clientScripts?: unknown } | undefined)?.clientScripts;
  if (!origin || !Array.isArray(scripts)) return [];
  const urls = scripts.flatMap((script) => {
    const safe = safeLinkTarget(script, `${origin}/`);
    const url = safe === undefined ? undefined : new URL(safe, `${origin}/`);
    return url && url.origin === origin ? [url.href] : [];
  });
  return [...new Set(urls)];
}

/** The answer's editor data entries as `[id, JSON safe in a script element]`, those with a usable id only. */
export function editorData(context: LayoutContext | undefined): Array<[string, string]> {
  const data = (context as { clientData?: unknown } | undefined)?.clientData;
  if (data === null || typeof data !== 'object' || Array.isArray(data)) return [];
  return Object.entries(data).flatMap(([id, value]): Array<[string, string]> =>
    DATA_ID.test(id) && !RESERVED_IDS.has(id) && value !== undefined ? [[id, scriptJson(value)]] : [],
  );
}

/** A `TrustedScriptURL` (TypeScript's DOM library has no type of it). */
type TrustedScriptUrl = { readonly trustedScriptUrl?: never };

interface ScriptUrlPolicy {
  createScriptURL(input: string): TrustedScriptUrl;
}

let policy: ScriptUrlPolicy | null | undefined;

// As a TrustedScriptUrl where the browser has Trusted Types (policy `editor-scripts`: it passes only
// URLs editorScriptUrls let through), the string elsewhere.
function scriptUrl(url: string): string | TrustedScriptUrl {
  const trustedTypes = (window as { trustedTypes?: { createPolicy(name: string, rules: object): ScriptUrlPolicy } })
    .trustedTypes;
  if (trustedTypes && policy === undefined) {
    try {
      policy = trustedTypes.createPolicy('editor-scripts', {
        createScriptURL: (input: string) => editorScriptUrls({ clientScripts: [input] } as never)[0] ?? '',
      });
    } catch {
      policy = null;
    }
  }
  return policy ? policy.createScriptURL(url) : url;
}

/**
 * The editor's scripts and data of a page in edit mode: each data entry as a
 * `<script type="application/json" id>` in the page (server-rendered with it), and each script the
 * answer names on the editor's origin added to the document's head once the page is on screen (a
 * script React renders in the browser never runs), each once per document.
 */
export function EditorScripts({ context }: { context: LayoutContext | undefined }) {
  const urls = editorScriptUrls(context);
  const key = urls.join('\n');
  useEffect(() => {
    for (const url of key ? key.split('\n') : []) {
      if ([...document.scripts].some((script) => script.dataset.editorScript === url)) continue;
      const script = document.createElement('script');
      script.dataset.editorScript = url;
      (script as { src: string | TrustedScriptUrl }).src = scriptUrl(url);
      document.head.append(script);
    }
  }, [key]);
  return (
    <>
      {editorData(context).map(([id, json]) => (
        <script key={id} id={id} type="application/json" dangerouslySetInnerHTML={{ __html: json }} />
      ))}
    </>
  );
}
