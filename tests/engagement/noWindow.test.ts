// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { EngageError, init } from '../../src/engagement/index.ts';

describe('on the server (no window)', () => {
  it('init rejects with IE-0001 before looking at the settings', async () => {
    expect(typeof window).toBe('undefined');
    const error = await init({ clientKey: '', targetURL: '' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(EngageError);
    expect(error).toMatchObject({
      code: 'IE-0001',
      message:
        '[IE-0001] The "window" object is not available on the server side. Use the "window" object only on the client side, and in the correct execution context.',
    });
  });
});
