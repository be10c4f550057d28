import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EngageError, engageMessages, init, type EngageSdk, type EngageSettings } from '../../src/engagement/index.ts';
import { resetBrowser, setPage } from './support.ts';

// The texts are written out here, not imported, so that a changed word in the SDK fails a test.
const MESSAGES = {
  'IE-0001':
    '[IE-0001] The "window" object is not available on the server side. Use the "window" object only on the client side, and in the correct execution context.',
  'IE-0003': '[IE-0003] Timeout exceeded. The server did not respond within the allotted time.',
  'MV-0001': '[MV-0001] "clientKey" is required.',
  'MV-0002': '[MV-0002] "targetURL" is required.',
  'MV-0003': '[MV-0003] "pointOfSale" is required.',
  'MV-0004': '[MV-0004] "identifiers" is required.',
  'MV-0008': '[MV-0008] "friendlyId" is required.',
  'MV-0009': '[MV-0009] "pointOfSale" cannot be empty.',
  'IV-0001': '[IV-0001] Incorrect value for "targetURL". Set the value to a valid URL string.',
  'IV-0002': '[IV-0002] Incorrect value for "dob". Format the value according to ISO 8601.',
  'IV-0003': '[IV-0003] Incorrect value for "email". Set the value to a valid email address.',
  'IV-0004': '[IV-0004] Incorrect value for "expiryDate". Format the value according to ISO 8601.',
  'IV-0005': '[IV-0005] This event supports maximum 50 attributes. Reduce the number of attributes.',
  'IV-0006':
    '[IV-0006] Incorrect value for the timeout parameter. Set the value to an integer greater than or equal to 0.',
} as const;
type Code = keyof typeof MESSAGES;

/** Asserts that `run` throws (synchronously) the coded error. */
function throwsCode(run: () => unknown, code: Code): void {
  let thrown: unknown;
  try {
    run();
  } catch (error) {
    thrown = error;
  }
  expect(thrown).toBeInstanceOf(EngageError);
  expect(thrown).toMatchObject({ code, name: 'EngageError', message: MESSAGES[code] });
}

/** Asserts that `promise` rejects with the coded error. */
async function rejectsCode(promise: Promise<unknown>, code: Code): Promise<void> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(EngageError);
  expect(error).toMatchObject({ code, message: MESSAGES[code] });
}

const SETTINGS: EngageSettings = { clientKey: 'ck', targetURL: 'https://engage.example.com', pointOfSale: 'ngc' };
const fetchSpy = vi.fn(() => Promise.reject(new TypeError('network is off in this file')));

async function start(settings: Partial<EngageSettings> = {}): Promise<EngageSdk> {
  document.cookie = 'bid_ck=b-123; Path=/';
  return init({ ...SETTINGS, ...settings });
}

const fiftyOne = Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`k${i}`, i]));
const ID = [{ id: 'a@b.co', provider: 'email' }];

beforeEach(() => {
  resetBrowser();
  setPage('/shoes', 'en');
  fetchSpy.mockReset();
  vi.stubGlobal('fetch', fetchSpy);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('the message table', () => {
  it('holds exactly the codes and texts of the reference v1.4.3 (IE-0004 belongs to its server variant)', () => {
    const table = Object.fromEntries(Object.entries(engageMessages).map(([code, text]) => [code, `[${code}] ${text}`]));
    expect(table).toEqual(MESSAGES);
  });
});

describe('init', () => {
  it('MV-0001 when clientKey is missing, empty or not a string', async () => {
    await rejectsCode(init({ ...SETTINGS, clientKey: undefined as unknown as string }), 'MV-0001');
    await rejectsCode(init({ ...SETTINGS, clientKey: '' }), 'MV-0001');
    await rejectsCode(init({ ...SETTINGS, clientKey: 42 as unknown as string }), 'MV-0001');
    await rejectsCode(init(undefined as unknown as EngageSettings), 'MV-0001');
  });

  it('MV-0002 when targetURL is missing', async () => {
    await rejectsCode(init({ clientKey: 'ck' } as EngageSettings), 'MV-0002');
    await rejectsCode(init({ ...SETTINGS, targetURL: '' }), 'MV-0002');
  });

  it('MV-0009 when pointOfSale is blank (but not empty) or not a string', async () => {
    await rejectsCode(init({ ...SETTINGS, pointOfSale: '   ' }), 'MV-0009');
    await rejectsCode(init({ ...SETTINGS, pointOfSale: 7 as unknown as string }), 'MV-0009');
  });

  it('IV-0001 when targetURL does not parse as a URL', async () => {
    await rejectsCode(init({ ...SETTINGS, targetURL: 'engage.example.com' }), 'IV-0001');
    await rejectsCode(init({ ...SETTINGS, targetURL: 12 as unknown as string }), 'IV-0001');
  });

  it('checks in the reference order: clientKey, targetURL, blank pointOfSale, then the URL', async () => {
    await rejectsCode(init({ clientKey: '', targetURL: '', pointOfSale: ' ' }), 'MV-0001');
    await rejectsCode(init({ clientKey: 'ck', targetURL: '', pointOfSale: ' ' }), 'MV-0002');
    await rejectsCode(init({ clientKey: 'ck', targetURL: 'not a url', pointOfSale: ' ' }), 'MV-0009');
    await rejectsCode(init({ clientKey: 'ck', targetURL: 'not a url', pointOfSale: 'ngc' }), 'IV-0001');
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('accepts pointOfSale "" at init; the event then fails with MV-0003', async () => {
    const sdk = await start({ pointOfSale: '' });
    throwsCode(() => sdk.pageView({}), 'MV-0003');
  });
});

describe('events', () => {
  it('MV-0003 from every event method and the queue when no point of sale is known, checked first', async () => {
    const sdk = await start({ pointOfSale: undefined });
    throwsCode(() => sdk.event('X', {}, fiftyOne), 'MV-0003');
    throwsCode(() => sdk.pageView({}, fiftyOne), 'MV-0003');
    throwsCode(() => sdk.identity({ identifiers: [] }), 'MV-0003');
    throwsCode(() => sdk.form('f', 'VIEWED'), 'MV-0003');
    throwsCode(() => sdk.addToEventQueue('X', {}, fiftyOne), 'MV-0003');
    throwsCode(() => sdk.pageView({ pointOfSale: '  ' }), 'MV-0003');
    expect(sessionStorage.length).toBe(0);
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('takes the point of sale from the call first, then from the settings', async () => {
    const sdk = await start({ pointOfSale: undefined });
    await expect(sdk.pageView({ pointOfSale: 'ngc' })).resolves.toBeNull();
    expect(fetchSpy).toHaveBeenCalledTimes(1);
  });

  it('IV-0005 above 50 extension attributes, counted after flattening and without empty values', async () => {
    const sdk = await start();
    throwsCode(() => sdk.event('X', {}, fiftyOne), 'IV-0005');
    throwsCode(() => sdk.pageView({}, fiftyOne), 'IV-0005');
    throwsCode(() => sdk.identity({ identifiers: ID }, fiftyOne), 'IV-0005');
    throwsCode(() => sdk.addToEventQueue('X', {}, fiftyOne), 'IV-0005');
    const nested = {
      a: Object.fromEntries(Array.from({ length: 26 }, (_, i) => [`x${i}`, i])),
      b: Object.fromEntries(Array.from({ length: 25 }, (_, i) => [`y${i}`, i])),
    };
    throwsCode(() => sdk.event('X', {}, nested), 'IV-0005');
    const fifty = {
      ...Object.fromEntries(Array.from({ length: 50 }, (_, i) => [`k${i}`, [i]])),
      gone: null,
      none: undefined,
      empty: {},
      deep: { empty: {} },
    };
    expect(() => sdk.event('X', {}, fifty)).not.toThrow();
  });

  it('MV-0004 when identifiers is empty or missing', async () => {
    const sdk = await start();
    throwsCode(() => sdk.identity({ identifiers: [] }), 'MV-0004');
    throwsCode(() => sdk.identity({} as never), 'MV-0004');
  });

  it('IV-0002 for a dob that is not exactly yyyy-mm-ddThh:mm of a real UTC time, "" included', async () => {
    const sdk = await start();
    for (const dob of [
      '1990-01-01',
      '1990-01-01T00:00:00',
      '1990-02-30T00:00',
      '1990-01-01T24:00',
      '',
      ' 1990-01-01T00:00',
    ]) {
      throwsCode(() => sdk.identity({ identifiers: ID, dob }), 'IV-0002');
    }
    expect(() => sdk.identity({ identifiers: ID, dob: '1990-01-01T00:00' })).not.toThrow();
  });

  it('IV-0004 for a bad expiryDate of any identifier; an empty one is not checked', async () => {
    const sdk = await start();
    throwsCode(
      () => sdk.identity({ identifiers: [...ID, { id: 'x', provider: 'crm', expiryDate: '2030-01-01' }] }),
      'IV-0004',
    );
    expect(() => sdk.identity({ identifiers: [{ id: 'x', provider: 'crm', expiryDate: '' }] })).not.toThrow();
  });

  it('IV-0003 for an email that is not text@text.text; an empty one is not checked', async () => {
    const sdk = await start();
    for (const email of ['a@b', 'a b@c.d', 'a@@b.c', '@b.co', 'a@b.'])
      throwsCode(() => sdk.identity({ identifiers: ID, email }), 'IV-0003');
    expect(() => sdk.identity({ identifiers: ID, email: '' })).not.toThrow();
  });

  it('checks identity in the reference order: pos, identifiers, dob, expiryDate, email, extension count', async () => {
    const sdk = await start();
    const bad = { dob: 'x', email: 'x', identifiers: [{ id: 'i', provider: 'p', expiryDate: 'x' }] };
    throwsCode(() => sdk.identity({ ...bad, identifiers: [], pointOfSale: ' ' }), 'MV-0003');
    throwsCode(() => sdk.identity({ ...bad, identifiers: [] }, fiftyOne), 'MV-0004');
    throwsCode(() => sdk.identity(bad, fiftyOne), 'IV-0002');
    throwsCode(() => sdk.identity({ ...bad, dob: undefined }, fiftyOne), 'IV-0004');
    throwsCode(() => sdk.identity({ ...bad, dob: undefined, identifiers: ID }, fiftyOne), 'IV-0003');
    throwsCode(() => sdk.identity({ identifiers: ID }, fiftyOne), 'IV-0005');
  });

  it('MV-0009 from updatePointOfSale with a blank value; a good value is used by later events', async () => {
    const sdk = await start();
    throwsCode(() => sdk.updatePointOfSale(''), 'MV-0009');
    throwsCode(() => sdk.updatePointOfSale('  '), 'MV-0009');
    throwsCode(() => sdk.updatePointOfSale(undefined as unknown as string), 'MV-0009');
    sdk.updatePointOfSale('ngc-uk');
    await sdk.form('f', 'VIEWED');
    const [, init] = fetchSpy.mock.calls[0] as unknown as [string, RequestInit];
    expect(JSON.parse(String(init.body))).toMatchObject({ pos: 'ngc-uk' });
  });
});

describe('personalize', () => {
  it('MV-0008 when friendlyId is missing or blank (a rejection, not a throw)', async () => {
    const sdk = await start();
    const call = sdk.personalize({ friendlyId: '  ' });
    expect(call).toBeInstanceOf(Promise);
    await rejectsCode(call, 'MV-0008');
    await rejectsCode(sdk.personalize({} as never), 'MV-0008');
  });

  it('IV-0006 for a negative or non-integer timeout (also known as IE-0006)', async () => {
    const sdk = await start();
    for (const timeout of [
      -1,
      1.5,
      Number.NaN,
      Number.POSITIVE_INFINITY,
      null as unknown as number,
      '10' as unknown as number,
    ]) {
      await rejectsCode(sdk.personalize({ friendlyId: 'exp' }, timeout), 'IV-0006');
    }
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('checks friendlyId, then the point of sale, then the timeout', async () => {
    const sdk = await start({ pointOfSale: undefined });
    await rejectsCode(sdk.personalize({ friendlyId: '' }, -1), 'MV-0008');
    await rejectsCode(sdk.personalize({ friendlyId: 'exp' }, -1), 'MV-0003');
    await rejectsCode(sdk.personalize({ friendlyId: 'exp', pointOfSale: 'ngc' }, -1), 'IV-0006');
  });

  it('IE-0003 when the timeout expires; 0 is a valid timeout that expires at once', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    fetchSpy.mockImplementation(((_url: string, init: RequestInit) => hangUntilAborted(init.signal)) as never);
    const sdk = await start();
    await rejectsCode(sdk.personalize({ friendlyId: 'exp' }, 0), 'IE-0003');
    const later = sdk.personalize({ friendlyId: 'exp' }, 250);
    const settled = vi.fn();
    later.catch(settled);
    // The call's clock runs from the call; its request leaves once the SDK's personalize module has
    // loaded, in real time that the fake clock does not see (a dom run on a busy machine once moved the
    // clock before that). Wait for the request (setImmediate is not faked), then move the clock.
    for (let turn = 0; fetchSpy.mock.calls.length === 0 && turn < 10_000; turn += 1)
      await new Promise((resolve) => setImmediate(resolve));
    await vi.advanceTimersByTimeAsync(200);
    expect(settled).not.toHaveBeenCalled();
    expect(fetchSpy).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(50);
    await rejectsCode(later, 'IE-0003');
    expect(vi.getTimerCount()).toBe(0);
  });

  it('resolves to null (no IE-0003) for a failure other than the timeout', async () => {
    const sdk = await start();
    await expect(sdk.personalize({ friendlyId: 'exp' }, 1000)).resolves.toBeNull();
    await expect(sdk.personalize({ friendlyId: 'exp' })).resolves.toBeNull();
  });
});

/** A fetch answer that never arrives, until the request is aborted. */
function hangUntilAborted(signal: AbortSignal | null | undefined): Promise<Response> {
  return new Promise((_resolve, reject) => signal?.addEventListener('abort', () => reject(signal.reason)));
}
