import type { Reporter, TestCase } from 'vitest/node';

/**
 * Prints why a test that passed on its retry (the Chromium suites' CI retry, vitest.config.ts) failed
 * the first time: the default reporter marks it `(retry x1)` and shows nothing more, so a
 * load-dependent defect left no trace to fix it from. One block per such test, after the run's own
 * output of it: its name, file, and each first-try error's message and the first lines of its stack.
 */
export default class FlakyReporter implements Reporter {
  onTestCaseResult(testCase: TestCase): void {
    const result = testCase.result();
    if (result.state !== 'passed' || !(testCase.diagnostic()?.retryCount ?? 0)) return;
    const lines = [`\nPassed on retry: ${testCase.fullName} (${testCase.module.relativeModuleId})`];
    for (const error of result.errors ?? []) {
      lines.push(`  first try: ${error.name ?? 'Error'}: ${error.message}`);
      for (const line of (error.stack ?? '').split('\n').slice(1, 6)) lines.push(`    ${line.trim()}`);
    }
    process.stdout.write(`${lines.join('\n')}\n`);
  }
}
