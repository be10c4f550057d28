// @vitest-environment node
import { beforeAll, describe, expect, it } from 'vitest';
import { sharedDevSite } from '../support/shared.ts';

const KEY = '2E7D5A8C-4B1F-4C9A-9D3E-6F0A1B2C3D4E';
let site = '';

// The run's dev server (npm start's Vite and its mock layer), proxying to the run's content mock.
beforeAll(async () => {
  site = (await sharedDevSite()).url;
}, 180_000);

/** What the browser sends: no Prefer, only the item (and the mode an editor's URL carries). */
async function layout(item: string, extra = '', headers: Record<string, string> = {}) {
  const response = await fetch(
    `${site}/content-api/sitecore/api/layout/render/jss?item=${encodeURIComponent(item)}&sc_apikey=${KEY}${extra}`,
    { headers },
  );
  return {
    status: response.status,
    body: (await response.json()) as {
      sitecore: {
        context: { pageEditing: boolean };
        route: null | { name: string; fields: { pageTitle: { value: string } } };
      };
    },
  };
}

describe('the dev server proxies /content-api to the content mock, one route per item', () => {
  it('answers ?item=/capabilities/space with the space capability page', async () => {
    const { status, body } = await layout('/capabilities/space');
    expect(status).toBe(200);
    expect(body.sitecore.route?.fields.pageTitle.value).toBe('Space systems | Aerospace & Defence');
  });

  it('answers different items with different routes', async () => {
    const titles = await Promise.all(
      ['/', '/news/f-35-sustainment', '/campaigns/airshow-2025'].map(
        async (item) => (await layout(item)).body.sitecore.route?.fields.pageTitle.value,
      ),
    );
    expect(titles).toEqual([
      'Aerospace & Defence | Engineering what flies next',
      'Keeping the F-35 fleet mission-ready: sustainment at scale | News | Aerospace & Defence',
      'Meet us at the International Airshow 2025 | Aerospace & Defence',
    ]);
  });

  it('answers ?item=/nope with 404 and route null', async () => {
    const { status, body } = await layout('/nope');
    expect(status).toBe(404);
    expect(body.sitecore.route).toBeNull();
  });

  it('answers a product path with the wildcard product route, and sc_mode=edit with the editing answer', async () => {
    expect((await layout('/products/sku-act-seal-kit-35')).body.sitecore.route?.name).toBe('*');
    expect((await layout('/', '&sc_mode=edit')).body.sitecore.context.pageEditing).toBe(true);
  });

  it("keeps a request's own Prefer (QA choosing an answer)", async () => {
    const { status, body } = await layout('/capabilities/space', '', { Prefer: 'example=careers' });
    expect(status).toBe(200);
    expect(body.sitecore.route?.name).toBe('careers');
  });
});
