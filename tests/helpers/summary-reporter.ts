import type { Reporter, TestModule } from 'vitest/node';

/**
 * Prints one plain closing line, `vitest: N passed, N failed`, so CI and humans read the
 * outcome the same way whatever other reporters print.
 */
export default class SummaryReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    let passed = 0;
    let failed = 0;
    let skipped = 0;
    for (const mod of testModules) {
      for (const test of mod.children.allTests()) {
        const state = test.result().state;
        if (state === 'passed') {
          passed += 1;
        } else if (state === 'failed') {
          failed += 1;
        } else {
          skipped += 1;
        }
      }
    }
    const tail = skipped > 0 ? `, ${skipped} skipped` : '';
    process.stdout.write(`\nvitest: ${passed} passed, ${failed} failed${tail}\n`);
  }
}
