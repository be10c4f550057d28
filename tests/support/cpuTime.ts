// How long code under test took, for tests that compare running times (linear-time checks).

/**
 * CPU time of this process in milliseconds: unlike the wall clock, it does not count the time other
 * processes had the CPU (this is a shared machine, and the test run's other workers share it too).
 */
export function cpuMs(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}
