import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { vi } from 'vitest';
import { withPrism } from '../support/prism.ts';
import { init, type EngageSdk } from '../../src/engagement/index.ts';
import { KEEPALIVE_MAX_BYTES } from '../../src/core/transport.ts';
import { json, recordFetch, resetBrowser, setPage } from './support.ts';

// Every request below goes through the SDK, is recorded byte for byte, and then reaches
// Prism, which validates it against openapi/engagement/openapi.yaml: a body the contract
// rejects gets a 400/422 instead of the 201/200 example these tests expect.
const prism = withPrism('engagement');

const ACCEPTED = {
  ref: '0c6f2a9d-31e4-4b7a-8d55-e2f9a1b60c73',
  status: 'OK',
  version: '1.2',
  client_key: 'pqsNGC4v7yD1x0wTbq2LmE9aKjR3sWfH',
};
const SHOES = '/shoes?utm_source=news&UTM_Medium=mail&variantid=v1';

async function start(settings: Record<string, unknown> = {}): Promise<EngageSdk> {
  document.cookie = 'bid_ck=b-123; Path=/';
  return init({ clientKey: 'ck', targetURL: prism.url, pointOfSale: 'myretail/ie', ...settings });
}

beforeEach(() => {
  resetBrowser();
  setPage(SHOES, 'en-US');
});
afterEach(() => vi.unstubAllGlobals());

describe('event payloads, byte for byte as the reference sends them', () => {
  it('pageView sends the VIEW body with UTM fields, pageVariantId first in ext, then the base fields', async () => {
    const calls = recordFetch();
    const sdk = await start();
    await expect(sdk.pageView({ channel: 'WEB', currency: 'EUR' }, { a: { b: 1 } })).resolves.toEqual(ACCEPTED);
    expect(calls).toHaveLength(1);
    expect(calls[0]?.url).toBe(`${prism.url}/v1.2/events`);
    expect(calls[0]?.method).toBe('POST');
    expect(calls[0]?.headers).toMatchObject({ 'content-type': 'application/json', 'x-library-version': '1.4.3' });
    expect(calls[0]?.body).toBe(
      '{"type":"VIEW","utm_source":"news","utm_medium":"mail","ext":{"pageVariantId":"v1","a_b":1},' +
        '"browser_id":"b-123","channel":"WEB","client_key":"ck","currency":"EUR","language":"EN","page":"shoes","pos":"myretail/ie"}',
    );
    expect(calls[0]?.status).toBe(201);
  });

  it('event sends a custom body: type, the other fields as given, ext, then the base fields', async () => {
    const calls = recordFetch();
    const sdk = await start();
    await expect(
      sdk.event('MYEVENT', { channel: 'WEB', currency: 'EUR', foo: 'bar' }, { nested: { k: 'v' } }),
    ).resolves.toEqual(ACCEPTED);
    expect(calls[0]?.body).toBe(
      '{"type":"MYEVENT","foo":"bar","ext":{"nested_k":"v"},"browser_id":"b-123","channel":"WEB","client_key":"ck","currency":"EUR","language":"EN","page":"shoes","pos":"myretail/ie"}',
    );
  });

  it('identity renames fields, keeps the reference key order, and drops unknown fields', async () => {
    const calls = recordFetch();
    const sdk = await start();
    const answer = await sdk.identity({
      channel: 'WEB',
      currency: 'EUR',
      dob: '1990-01-01T00:00',
      email: 'a@b.co',
      identifiers: [{ id: 'a@b.co', provider: 'email', expiryDate: '2030-01-01T10:00' }],
      ...({ unknownField: 'dropped' } as object),
    });
    expect(answer).toEqual(ACCEPTED);
    expect(calls[0]?.body).toBe(
      '{"dob":"1990-01-01T00:00","email":"a@b.co","identifiers":[{"expiry_date":"2030-01-01T10:00","id":"a@b.co","provider":"email"}],' +
        '"type":"IDENTITY","browser_id":"b-123","channel":"WEB","client_key":"ck","currency":"EUR","language":"EN","page":"shoes","pos":"myretail/ie"}',
    );
  });

  it('identity sends every renamed field and the extension data', async () => {
    const calls = recordFetch();
    const sdk = await start();
    await sdk.identity(
      {
        firstName: 'Ada',
        lastName: 'Okafor',
        postalCode: '22042',
        street: ['2980 Fairview Park Drive'],
        city: 'Falls Church',
        state: 'VA',
        country: 'US',
        title: 'Dr',
        gender: 'female',
        mobile: '+1 703 555 0100',
        phone: '+1 703 555 0142',
        email: '',
        identifiers: [{ id: 'CAND-204518', provider: 'careers_portal', expiryDate: '' }],
      },
      { discipline: { area: 'systems' } },
    );
    expect(json(calls[0])).toEqual({
      city: 'Falls Church',
      country: 'US',
      email: '',
      firstname: 'Ada',
      gender: 'female',
      identifiers: [{ expiry_date: '', id: 'CAND-204518', provider: 'careers_portal' }],
      lastname: 'Okafor',
      mobile: '+1 703 555 0100',
      phone: '+1 703 555 0142',
      postal_code: '22042',
      state: 'VA',
      street: ['2980 Fairview Park Drive'],
      title: 'Dr',
      type: 'IDENTITY',
      ext: { discipline_area: 'systems' },
      browser_id: 'b-123',
      client_key: 'ck',
      language: 'EN',
      page: 'shoes',
      pos: 'myretail/ie',
    });
    expect(calls[0]?.status).toBe(201);
  });

  it('form sends only type, ext {formId, upper-cased interactionType}, browser_id, client_key and pos', async () => {
    const calls = recordFetch();
    const sdk = await start();
    await expect(sdk.form('form-1', 'viewed')).resolves.toEqual(ACCEPTED);
    expect(calls[0]?.body).toBe(
      '{"type":"FORM","ext":{"formId":"form-1","interactionType":"VIEWED"},"browser_id":"b-123","client_key":"ck","pos":"myretail/ie"}',
    );
    await sdk.form('space-systems-contact', 'SUBMITTED', 'ngc');
    expect(json(calls[1])).toMatchObject({ ext: { interactionType: 'SUBMITTED' }, pos: 'ngc' });
    expect(calls[1]?.status).toBe(201);
  });

  it('a queued event goes out with the custom body built when it was queued', async () => {
    const calls = recordFetch();
    const sdk = await start();
    sdk.addToEventQueue('CTA_CLICK', { channel: 'WEB', currency: 'EUR', label: 'Explore' }, { component: 'hero' });
    setPage('/elsewhere', 'fr');
    await expect(sdk.processEventQueue()).resolves.toEqual({ sent: 1, failed: 0, dropped: 0 });
    expect(calls[0]?.body).toBe(
      '{"type":"CTA_CLICK","label":"Explore","ext":{"component":"hero"},"browser_id":"b-123","channel":"WEB","client_key":"ck","currency":"EUR","language":"EN","page":"shoes","pos":"myretail/ie"}',
    );
    expect(calls[0]?.status).toBe(201);
  });
});

// A click on a tracked link that leaves the site unloads the page at once: the event must
// already be on its way when the click handler returns (nothing awaited, nothing loaded
// first), and ask the browser to finish it after the page is gone (keepalive). The
// browser test (tests/browser/tracking.test.ts) shows it arriving in Chromium.
describe('events survive leaving the page', () => {
  it('every event method starts its request before it returns, with keepalive, and the mock accepts it', async () => {
    const calls = recordFetch();
    const sdk = await start();
    const sends = [
      () =>
        sdk.event(
          'CAREERS_CLICK',
          { channel: 'WEB', currency: 'GBP' },
          { linkText: 'All vacancies', linkUrl: 'https://careers.example.com/' },
        ),
      () => sdk.pageView({ channel: 'WEB', currency: 'GBP' }),
      () => sdk.identity({ identifiers: [{ id: 'ada@example.com', provider: 'email' }], email: 'ada@example.com' }),
      () => sdk.form('contact', 'SUBMITTED'),
    ];
    const answers = sends.map((send, index) => {
      const answer = send();
      expect(calls, `request ${index} started synchronously`).toHaveLength(index + 1);
      return answer;
    });
    await expect(Promise.all(answers)).resolves.toEqual([ACCEPTED, ACCEPTED, ACCEPTED, ACCEPTED]);
    expect(calls.map((c) => [c.keepalive, c.status])).toEqual([
      [true, 201],
      [true, 201],
      [true, 201],
      [true, 201],
    ]);
  });

  it('sends queued events with keepalive too', async () => {
    const calls = recordFetch();
    const sdk = await start();
    sdk.addToEventQueue('CTA_CLICK', { channel: 'WEB', currency: 'EUR' });
    await expect(sdk.processEventQueue()).resolves.toEqual({ sent: 1, failed: 0, dropped: 0 });
    expect(calls.map((c) => c.keepalive)).toEqual([true]);
  });

  it(`sends an event over ${KEEPALIVE_MAX_BYTES} bytes without keepalive, which browsers would refuse past 64 KiB in flight, so it still arrives`, async () => {
    const calls = recordFetch();
    const sdk = await start();
    await expect(
      sdk.event('NOTE', { channel: 'WEB', currency: 'EUR', text: 'x'.repeat(KEEPALIVE_MAX_BYTES) }),
    ).resolves.toEqual(ACCEPTED);
    await expect(
      sdk.event('NOTE', { channel: 'WEB', currency: 'EUR', text: 'x'.repeat(KEEPALIVE_MAX_BYTES - 400) }),
    ).resolves.toEqual(ACCEPTED);
    expect(calls.map((c) => [c.keepalive, c.status])).toEqual([
      [false, 201],
      [true, 201],
    ]);
  });
});

describe('personalize (POST /v2/callFlows)', () => {
  it('sends the camelCase body with browserId last and resolves to the flow answer', async () => {
    const calls = recordFetch();
    const sdk = await start();
    const answer = await sdk.personalize({
      channel: 'WEB',
      currency: 'EUR',
      friendlyId: 'exp_1',
      params: { p: { q: 1 } },
    });
    expect(calls[0]?.url).toBe(`${prism.url}/v2/callFlows`);
    expect(calls[0]?.body).toBe(
      '{"channel":"WEB","clientKey":"ck","currencyCode":"EUR","friendlyId":"exp_1","language":"EN","params":{"p_q":1},"pointOfSale":"myretail/ie","browserId":"b-123"}',
    );
    expect(calls[0]?.headers).toMatchObject({ 'content-type': 'application/json', 'x-library-version': '1.4.3' });
    expect(answer).toMatchObject({ variantId: 'careers_hero_b', ctaText: 'See open roles' });
  });

  it('sends email and one identifier object instead of browserId for a known visitor', async () => {
    const calls = recordFetch();
    const sdk = await start({ pointOfSale: 'ngc' });
    await sdk.personalize(
      {
        channel: 'WEB',
        currency: 'USD',
        friendlyId: 'space_systems_next_best_content',
        email: 'ada.okafor@example.com',
        identifier: { id: 'CAND-204518', provider: 'careers_portal' },
      },
      5000,
    );
    expect(calls[0]?.body).toBe(
      '{"channel":"WEB","clientKey":"ck","currencyCode":"USD","email":"ada.okafor@example.com","friendlyId":"space_systems_next_best_content",' +
        '"identifiers":{"id":"CAND-204518","provider":"careers_portal"},"language":"EN","pointOfSale":"ngc"}',
    );
    expect(calls[0]?.status).toBe(200);
  });

  it('leaves out a blank email and an identifier with a blank id, and then sends browserId', async () => {
    const calls = recordFetch();
    const sdk = await start();
    await sdk.personalize({
      friendlyId: 'exp_1',
      email: '  ',
      identifier: { id: ' ', provider: 'email' },
      language: 'DE',
    });
    expect(json(calls[0])).toEqual({
      clientKey: 'ck',
      friendlyId: 'exp_1',
      language: 'DE',
      pointOfSale: 'myretail/ie',
      browserId: 'b-123',
    });
    expect(calls[0]?.status).toBe(200);
  });

  it('resolves to the failed call flow body on a 404, as the reference does', async () => {
    recordFetch({ prefer: (url) => (url.includes('callFlows') ? 'code=404' : undefined) });
    const sdk = await start();
    await expect(sdk.personalize({ friendlyId: 'careers_hero_banner' })).resolves.toMatchObject({
      status: 404,
      code: 404,
      message: 'Not Found',
      developerMessage: "No flow found for friendlyId 'careers_hero_banner'",
    });
  });
});

describe('browser id and guest id', () => {
  it('creates the browser id with create.json?client_key=…&message={} and the library header', async () => {
    const calls = recordFetch();
    const sdk = await init({ clientKey: 'ck', targetURL: prism.url, pointOfSale: 'ngc' });
    expect(calls.map((c) => [c.method, c.url])).toEqual([
      ['GET', `${prism.url}/v1.2/browser/create.json?client_key=ck&message={}`],
    ]);
    expect(calls[0]?.headers['x-library-version']).toBe('1.4.3');
    expect(calls[0]?.status).toBe(200);
    expect(sdk.getBrowserId()).toBe('3f2c9a7e-8b41-4d2e-9c6a-1e5b7d0f4a92');
    await sdk.pageView({ channel: 'WEB' });
    expect(json(calls[1])).toMatchObject({ browser_id: '3f2c9a7e-8b41-4d2e-9c6a-1e5b7d0f4a92' });
  });

  it('getGuestId sends the client key as client_key and api_token and resolves to customer.ref', async () => {
    const calls = recordFetch();
    const sdk = await start();
    await expect(sdk.getGuestId()).resolves.toBe('6d0e8b3a-2f47-4c19-8a5e-b93f1c7d2e68');
    expect(calls[0]?.url).toBe(`${prism.url}/v1.2/browser/b-123/show.json?client_key=ck&api_token=ck`);
    expect(calls[0]?.headers['x-library-version']).toBe('1.4.3');
  });

  it('getGuestId rejects with "{error_msg}, for more info: {moreInfo}" on a non-OK answer', async () => {
    recordFetch({ prefer: (url) => (url.includes('show.json') ? 'code=404' : undefined) });
    const sdk = await start();
    await expect(sdk.getGuestId()).rejects.toThrow(
      new Error('Browser not found, for more info: https://doc.sitecore.com/cdp/en/developers/api/index-en.html'),
    );
  });

  it('keeps a path prefix of targetURL in every URL', async () => {
    const calls = recordFetch();
    const sdk = await init({ clientKey: 'ck', targetURL: `${prism.url}/engage/`, pointOfSale: 'ngc' });
    await sdk.pageView();
    expect(calls.map((c) => c.url)).toEqual([
      `${prism.url}/engage/v1.2/browser/create.json?client_key=ck&message={}`,
      `${prism.url}/engage/v1.2/events`,
    ]);
  });
});
