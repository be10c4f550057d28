import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../../scripts/lib/prism.mjs';
import { startMocks } from '../../scripts/mock.mjs';

// `npm start` and `npm run mock` start every mock through startMocks. QA stops one mock to see the
// site with that service down: the others (and `npm start`'s site) must stay up, and the terminal must
// say which mock stopped. Before, `npm start` exited at once with code 1 and printed nothing.

let mocks: Awaited<ReturnType<typeof startMocks>> | undefined;
afterAll(async () => {
  await mocks?.stop();
});

/** Whether `url` answers at all (any status), within 5 s. */
async function answers(url: string): Promise<boolean> {
  try {
    await fetch(url, { signal: AbortSignal.timeout(5_000) });
    return true;
  } catch {
    return false;
  }
}

describe('startMocks when one mock stops', () => {
  it('says which mock stopped (API, port, signal) and keeps the others answering', async () => {
    const lines: string[] = [];
    const ports = { auth: await freePort(), oneconnect: await freePort() };
    mocks = await startMocks({ apis: ['auth', 'oneconnect'], ports, log: (line: string) => lines.push(line) });
    expect(mocks.servers.map((s) => `${s.api} ${s.port}`)).toEqual([
      `auth ${ports.auth}`,
      `oneconnect ${ports.oneconnect}`,
    ]);
    const oneconnect = mocks.servers.find((s) => s.api === 'oneconnect')!;
    const auth = mocks.servers.find((s) => s.api === 'auth')!;
    // As QA stops one: its process, by its PID.
    process.kill(oneconnect.child!.pid!, 'SIGKILL');
    await oneconnect.exited;
    await expect.poll(() => lines.length).toBe(1);
    expect(lines[0]).toBe(
      `Mock oneconnect (port ${ports.oneconnect}) stopped (signal SIGKILL); the other mocks and the site keep running.`,
    );
    expect(await answers(`${oneconnect.url}/api/oneconnect/get-segment-cookies`)).toBe(false);
    const session = await fetch(`${auth.url}/session`);
    expect(session.status).toBe(200);
    expect(auth.child!.exitCode).toBeNull();
    // Stopping them on purpose says nothing.
    await mocks.stop();
    expect(lines).toHaveLength(1);
  });
});
