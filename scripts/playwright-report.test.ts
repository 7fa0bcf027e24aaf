import { describe, expect, it } from "vitest";
import { flakyTests, type PlaywrightReport } from "./playwright-report.ts";

describe("the browser tests' report", () => {
  it("names each test that passed only on retry, with its project, file and line", () => {
    const report: PlaywrightReport = {
      stats: { expected: 2, unexpected: 0, flaky: 1, skipped: 0 },
      suites: [
        {
          title: "shell.spec.ts",
          file: "shell.spec.ts",
          specs: [
            { title: "the header", line: 12, tests: [{ projectName: "desktop", status: "expected" }] },
            {
              title: "the menu",
              line: 40,
              tests: [
                { projectName: "desktop", status: "expected" },
                { projectName: "phone", status: "flaky" },
              ],
            },
          ],
          suites: [
            {
              title: "a group",
              specs: [{ title: "inside", line: 7, tests: [{ projectName: "desktop", status: "flaky" }] }],
            },
          ],
        },
      ],
    };
    expect(flakyTests(report)).toEqual(["[desktop] shell.spec.ts:7 inside", "[phone] shell.spec.ts:40 the menu"]);
  });
});
