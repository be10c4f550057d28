import { useEffect } from 'react';
import { jsonOnly, trustedPolicy, type Trusted } from '../../core/trustedTypes.ts';
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

// Through the `editor-scripts` policy where the browser has Trusted Types: script URLs that
// editorScriptUrls lets through, and data that is JSON; the strings themselves elsewhere.
function editorPolicy() {
  return trustedPolicy('editor-scripts', {
    createScriptURL: (input) => editorScriptUrls({ clientScripts: [input] } as never)[0] ?? '',
    createScript: jsonOnly,
  });
}

/**
 * The editor's scripts and data of a page in edit mode, added to the document's head once the page is
 * on screen (a script React renders in the browser never runs, and creating one would need a policy
 * for React's own markup): each data entry as a `<script type="application/json" id>` (updated when
 * the next page's answer changes it), then each script the answer names on the editor's origin, each
 * once per document. Renders nothing itself, so a server-rendered page hydrates as it was served.
 */
export function EditorScripts({ context }: { context: LayoutContext | undefined }) {
  const urls = editorScriptUrls(context).join('\n');
  const data = JSON.stringify(editorData(context));
  useEffect(() => {
    const policy = editorPolicy();
    for (const [id, json] of JSON.parse(data) as Array<[string, string]>) {
      let element = document.getElementById(id);
      if (!(element instanceof HTMLScriptElement) || element.type !== 'application/json') {
        if (element) continue; // an id the page uses already: never replaced
        element = Object.assign(document.createElement('script'), { type: 'application/json', id });
        document.head.append(element);
      }
      (element as { textContent: string | Trusted | null }).textContent = policy ? policy.createScript(json) : json;
    }
    for (const url of urls ? urls.split('\n') : []) {
      if ([...document.scripts].some((script) => script.dataset.editorScript === url)) continue;
      const script = document.createElement('script');
      script.dataset.editorScript = url;
      (script as { src: string | Trusted }).src = policy ? policy.createScriptURL(url) : url;
      document.head.append(script);
    }
  }, [urls, data]);
  return null;
}
