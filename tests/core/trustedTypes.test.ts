// @vitest-environment jsdom
import { readdirSync, readFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// The site's Trusted Types policies (src/core/trustedTypes.ts): on a page that enforces them, each sink
// gets its strings only through the one policy of its name, created once per page; where the browser
// has none (jsdom, a server, an older browser) the strings go to their sinks as they are. Each test
// loads the module afresh (a new page), so the file runs in an environment of its own.

type Module = typeof import('../../src/core/trustedTypes.ts');
type Factory = { createPolicy: ReturnType<typeof vi.fn> };

/** A fresh copy of the module: its policies are created once per page, so each test starts a page of its own. */
async function freshPage(): Promise<Module> {
  vi.resetModules();
  return import('../../src/core/trustedTypes.ts');
}

/** A stand-in for the browser's `trustedTypes`: each policy applies its rule, or refuses a name as an enforcing page does. */
function installTrustedTypes(refused: readonly string[] = []): Factory {
  const factory = {
    createPolicy: vi.fn((name: string, rules: Record<string, ((input: string) => string) | undefined>) => {
      if (refused.includes(name)) throw new TypeError(`Policy "${name}" disallowed.`);
      return {
        createHTML: (input: string) => ({ html: rules.createHTML?.(input), name }),
        createScript: (input: string) => ({ script: rules.createScript?.(input), name }),
        createScriptURL: (input: string) => ({ url: rules.createScriptURL?.(input), name }),
      };
    }),
  };
  (window as unknown as { trustedTypes?: Factory }).trustedTypes = factory;
  return factory;
}

describe('trustedPolicy', () => {
  beforeEach(() => delete (window as unknown as { trustedTypes?: Factory }).trustedTypes);
  afterEach(() => delete (window as unknown as { trustedTypes?: Factory }).trustedTypes);

  it('gives no policy where the browser has no Trusted Types, and creates one once the browser has them', async () => {
    const { trustedPolicy } = await freshPage();
    expect(trustedPolicy('head-json', { createScript: (s) => s })).toBeNull();
    const factory = installTrustedTypes();
    const policy = trustedPolicy('head-json', { createScript: (s) => `${s}!` });
    expect(policy?.createScript('{}')).toEqual({ script: '{}!', name: 'head-json' });
    expect(factory.createPolicy).toHaveBeenCalledTimes(1);
  });

  it('creates each policy once per page: a later call gets the same policy, with the first rules', async () => {
    const { trustedPolicy } = await freshPage();
    const factory = installTrustedTypes();
    const first = trustedPolicy('sanitized-html', { createHTML: () => 'clean' });
    const again = trustedPolicy('sanitized-html', { createHTML: (html) => html });
    expect(again).toBe(first);
    expect(again?.createHTML('<img src=x onerror=alert(1)>')).toEqual({ html: 'clean', name: 'sanitized-html' });
    expect(factory.createPolicy).toHaveBeenCalledTimes(1);
    // Another name is another policy, with its own rules.
    const other = trustedPolicy('editable-html', { createHTML: (html) => html.toUpperCase() });
    expect(other).not.toBe(first);
    expect(other?.createHTML('<p>x</p>')).toEqual({ html: '<P>X</P>', name: 'editable-html' });
    expect(factory.createPolicy.mock.calls.map(([name]) => name)).toEqual(['sanitized-html', 'editable-html']);
  });

  it("gives no policy for a name the page's policy refuses, and does not ask again", async () => {
    const { trustedPolicy } = await freshPage();
    const factory = installTrustedTypes(['web-personalization']);
    expect(trustedPolicy('web-personalization', { createScriptURL: (url) => url })).toBeNull();
    expect(trustedPolicy('web-personalization', { createScriptURL: (url) => url })).toBeNull();
    expect(factory.createPolicy).toHaveBeenCalledTimes(1);
    // The refusal of one name takes nothing from the others.
    expect(trustedPolicy('head-json', { createScript: (s) => s })).not.toBeNull();
  });

  it('gives no policy where there is no window (a server)', async () => {
    const { trustedPolicy } = await freshPage();
    installTrustedTypes();
    vi.stubGlobal('window', undefined);
    try {
      expect(trustedPolicy('head-json', { createScript: (s) => s })).toBeNull();
    } finally {
      vi.unstubAllGlobals();
    }
  });
});

describe('jsonOnly (the rule of the policies that write JSON into a script element)', () => {
  it.each(['{"@type":"Organization"}', '[1,2]', '"text"', 'null', ' {"a": [true]} '])(
    'passes JSON %j as it is',
    async (json) => {
      const { jsonOnly } = await freshPage();
      expect(jsonOnly(json)).toBe(json);
    },
  );

  it.each(['alert(1)', '{"a":1};alert(1)', '', '{a:1}'])('refuses %j, which is no JSON', async (text) => {
    const { jsonOnly } = await freshPage();
    expect(jsonOnly(text)).toBe('');
  });
});

describe("the Content-Security-Policy's policy names (TRUSTED_TYPES_POLICIES)", () => {
  // What the page enforces: a policy created under a name the header does not list is refused by the
  // browser (its sink then refuses the plain string: rich text, the head's JSON or a script would not
  // show), and a name listed but never created is one an injected script could take first.
  it('are exactly the names the site creates policies under', async () => {
    const { TRUSTED_TYPES_POLICIES } = await freshPage();
    const created = new Set<string>();
    for (const file of readdirSync('src', { recursive: true, encoding: 'utf8' })) {
      if (!/\.tsx?$/.test(file)) continue;
      const source = readFileSync(`src/${file}`, 'utf8');
      for (const [, name] of source.matchAll(/(?:trustedPolicy|createPolicy)\(\s*'([^']+)'/g)) created.add(name!);
    }
    expect([...TRUSTED_TYPES_POLICIES].sort()).toEqual([...created].sort());
    expect(new Set(TRUSTED_TYPES_POLICIES).size).toBe(TRUSTED_TYPES_POLICIES.length);
  });
});
