import { describe, expect, it, vi } from 'vitest';
import { CONTENT_SPEC } from '../../scripts/lib/contentMock.mjs';
import { createPrerenderer } from '../../src/site/entry-server.tsx';
import { readContract } from '../../scripts/contract/contracts.mjs';

// The static build renders visitors' pages: a layout answer that says an editor is looking (the
// contract's metadata-mode example, answered to the build's normal request) still gives a visitor's
// page, with no editor markers, scripts or data in its HTML or its data.

const contract = readContract(CONTENT_SPEC);
const EDIT_ANSWER = contract.components.examples['about.edit'].value;
const DICTIONARY =
  contract.paths['/sitecore/api/jss/dictionary/{appName}/{language}'].get.responses['200'].content['application/json']
    .examples.en.value;

describe('the prerender of an answer meant for an editor', () => {
  it("renders a visitor's page and says so", async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const fetch: typeof globalThis.fetch = async (input, init) => {
      const url = new URL(new Request(input, init).url);
      return url.pathname.includes('/layout/render/jss')
        ? Response.json(structuredClone(EDIT_ANSWER))
        : Response.json(DICTIONARY);
    };
    try {
      const page = await createPrerenderer({ contentHost: 'https://cd.aero.example', fetch }).render('/about');
      expect(page.status).toBe(200);
      expect(page.body).toContain('<h1');
      for (const editorOnly of ['chrometype', '[No text in field]', 'sc-jss-empty-placeholder', 'hrz-canvas'])
        expect(page.body).not.toContain(editorOnly);
      expect(page.state).not.toMatch(/clientScripts|clientData|editMode|"pageState":"edit"/);
      expect(page.state).toContain('"pageState":"normal"');
      expect(warn).toHaveBeenCalledWith(expect.stringContaining('/about: the layout service answered for an editor'));
    } finally {
      warn.mockRestore();
    }
  });
});
