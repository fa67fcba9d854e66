/**
 * A vitest reporter that ends the run with one plain line CI can read:
 * `tests: N passed, N failed, N skipped`, after the ten slowest test files (what to look at when the
 * run grows past its budget).
 */
import type { Reporter, TestModule } from 'vitest/node';

export default class TallyReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>, unhandledErrors: ReadonlyArray<unknown>): void {
    let passed = 0;
    let failed = 0;
    let skipped = 0;
    for (const module of testModules) {
      for (const test of module.children.allTests()) {
        const state = test.result().state;
        if (state === 'passed') passed += 1;
        else if (state === 'failed') failed += 1;
        else skipped += 1;
      }
      // A file that failed to load has no tests but is a failure.
      if (module.state() === 'failed' && [...module.children.allTests()].length === 0) failed += 1;
    }
    failed += unhandledErrors.length;
    const slowest = testModules
      .map((module) => ({
        name: module.moduleId.replace(`${process.cwd()}/`, ''),
        ms: module.diagnostic().duration,
      }))
      .sort((a, b) => b.ms - a.ms)
      .slice(0, 10);
    process.stdout.write('\nslowest test files:\n');
    for (const file of slowest) process.stdout.write(`  ${(file.ms / 1000).toFixed(1)} s  ${file.name}\n`);
    process.stdout.write(`\ntests: ${passed} passed, ${failed} failed, ${skipped} skipped\n`);
  }
}
