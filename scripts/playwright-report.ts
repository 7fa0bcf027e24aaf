// What scripts/run-tests.ts reads of Playwright's JSON report (test-results/playwright.json).

export interface PlaywrightSuite {
  title: string;
  file?: string;
  suites?: PlaywrightSuite[];
  specs?: { title: string; line: number; tests: { projectName: string; status: string }[] }[];
}
export interface PlaywrightReport {
  stats: { expected: number; unexpected: number; flaky: number; skipped: number };
  suites: PlaywrightSuite[];
}

/** "[project] file:line title" of each test the report calls flaky. */
export function flakyTests(report: PlaywrightReport): string[] {
  const found: string[] = [];
  const walk = (suite: PlaywrightSuite, file: string) => {
    for (const child of suite.suites ?? []) walk(child, child.file ?? file);
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests) {
        if (test.status === "flaky") found.push(`[${test.projectName}] ${file}:${spec.line} ${spec.title}`);
      }
    }
  };
  for (const suite of report.suites) walk(suite, suite.file ?? suite.title);
  return found;
}
