// `npm test`: every suite, then one line of totals over all of them.
//   1. lint and typecheck (counted as one check each)
//   2. unit and integration tests (Vitest) on the embedded PostgreSQL, or DATABASE_URL
//   3. the production build, then end-to-end tests in Chromium (Playwright)
//   4. the Vitest files that use a database again on ALSO_TEST_DATABASE_URL, when set (CI sets it
//      to the machine's PostgreSQL server) and the run is within its budget (below)
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import { flakyTests, type PlaywrightReport } from "./playwright-report.ts";

interface Totals {
  passed: number;
  failed: number;
  skipped: number;
}
const totals: Totals = { passed: 0, failed: 0, skipped: 0 };
// From the start of `.ci/run` (installing Node, Chromium and the packages) when it set the time.
const startedAt = Number(process.env.RUN_STARTED_AT) * 1000 || Date.now();
const failures: string[] = [];
/** Browser tests that failed and then passed on CI's one retry: counted as passed, named at the end. */
const flaky: string[] = [];

const minutes = (milliseconds: number) => {
  const seconds = Math.round(milliseconds / 1000);
  return `${Math.floor(seconds / 60)} min ${seconds % 60} s`;
};
/** How long each suite took, printed at the end: what to look at when the run nears its budget. */
const phases: string[] = [];

function run(label: string, command: string, args: string[], env: NodeJS.ProcessEnv = {}): boolean {
  console.log(`\n=== ${label} ===`);
  const started = Date.now();
  const result = spawnSync(command, args, { stdio: "inherit", env: { ...process.env, ...env } });
  phases.push(`${label}: ${minutes(Date.now() - started)}`);
  return result.status === 0;
}

function check(label: string, command: string, args: string[]) {
  if (run(label, command, args)) totals.passed++;
  else {
    totals.failed++;
    failures.push(label);
  }
}

function readJson<T>(file: string): T | undefined {
  try {
    return JSON.parse(fs.readFileSync(file, "utf8")) as T;
  } catch {
    return undefined;
  }
}

function vitest(label: string, env: NodeJS.ProcessEnv = {}, files: string[] = []) {
  const report = "test-results/vitest.json";
  fs.rmSync(report, { force: true });
  const ok = run(
    label,
    "npx",
    ["vitest", "run", "--reporter=default", "--reporter=json", `--outputFile.json=${report}`, ...files],
    env,
  );
  const result = readJson<{
    numPassedTests: number;
    numFailedTests: number;
    numPendingTests: number;
    numTodoTests: number;
    testResults?: { name: string; assertionResults?: { fullName: string; status: string }[] }[];
  }>(report);
  if (!result) {
    totals.failed++;
    failures.push(`${label} (no report)`);
    return;
  }
  totals.passed += result.numPassedTests;
  totals.failed += result.numFailedTests;
  totals.skipped += result.numPendingTests + result.numTodoTests;
  if (!ok && result.numFailedTests === 0) {
    totals.failed++;
    failures.push(`${label} (the run failed outside a test)`);
  } else if (result.numFailedTests > 0) {
    // Named again here so the end of a long log says which tests failed.
    const failed = (result.testResults ?? []).flatMap((file) =>
      (file.assertionResults ?? [])
        .filter((test) => test.status === "failed")
        .map((test) => `${file.name.replace(`${process.cwd()}/`, "")} > ${test.fullName}`),
    );
    failures.push(`${label} (${failed.join("; ")})`);
  }
}

/**
 * What a second database server can tell anything new about: the test files that open a database
 * (the test database's helper, or DATABASE_URL itself) in the areas whose behaviour rests on the
 * server itself: money and its locks, jobs, LISTEN/NOTIFY, search's SQL, backups with pg_dump,
 * replicas, better-auth's queries. The rest ran on the embedded server already (decision 045).
 */
const SECOND_SERVER_AREAS =
  /^(server\/(db|orders|payments|payouts|licenses|jobs|cart|discounts|bundles|delivery|http|search|ops|accounts)\/|tests\/integration\/read-replica)/;

function databaseTestFiles(): string[] {
  const listed = spawnSync("git", ["ls-files", "*.test.ts", "*.test.tsx"], { encoding: "utf8" }).stdout.split("\n");
  return listed.filter(
    (file) =>
      SECOND_SERVER_AREAS.test(file) &&
      /test-database|setUpTestDatabase|DATABASE_URL/.test(fs.readFileSync(file, "utf8")),
  );
}

fs.mkdirSync("test-results", { recursive: true });
check("lint", "npm", ["run", "lint", "--silent"]);
check("typecheck", "npm", ["run", "typecheck", "--silent"]);
vitest(`unit and integration tests on ${process.env.DATABASE_URL ? "DATABASE_URL" : "the embedded PostgreSQL"}`);

if (run("production build", "npx", ["react-router", "build"])) {
  const report = "test-results/playwright.json";
  fs.rmSync(report, { force: true });
  const ok = run("end-to-end tests (Chromium)", "npx", ["playwright", "test"]);
  const result = readJson<PlaywrightReport>(report);
  if (result) {
    totals.passed += result.stats.expected + result.stats.flaky;
    totals.failed += result.stats.unexpected;
    totals.skipped += result.stats.skipped;
    flaky.push(...flakyTests(result));
  }
  if (!result || (!ok && result.stats.unexpected === 0)) {
    totals.failed++;
    failures.push("end-to-end tests (the run failed outside a test)");
  } else if (result.stats.unexpected > 0) failures.push("end-to-end tests");
} else {
  totals.failed++;
  failures.push("production build");
}

// Last, as the one suite a slow machine may leave out: the whole run has a budget of 25 minutes on
// CI's 2-core machine (90 at most, or nothing lands), and this machine kind has run the browser
// tests three times slower on some days than on others. This pass takes about 2 minutes there: it
// starts only within SECOND_DATABASE_BUDGET_MINUTES (22) of the run, else it is left out, and the
// run says so.
if (process.env.ALSO_TEST_DATABASE_URL) {
  const budget = Number(process.env.SECOND_DATABASE_BUDGET_MINUTES ?? 22) * 60_000;
  const files = databaseTestFiles();
  if (Date.now() - startedAt <= budget) {
    vitest(
      "the tests that use the database, on ALSO_TEST_DATABASE_URL",
      { DATABASE_URL: process.env.ALSO_TEST_DATABASE_URL },
      files,
    );
  } else {
    console.log(
      `\n=== the tests that use the database, on ALSO_TEST_DATABASE_URL ===\nLeft out: the run is past its budget of ${minutes(budget)} (${files.length} files not run on the second server).`,
    );
    phases.push("the tests that use the database, on ALSO_TEST_DATABASE_URL: left out (over budget)");
  }
}

console.log(failures.length ? `\nFailed: ${failures.join("; ")}` : "\nAll suites passed.");
// CI should stay under 30 minutes on a 2-core machine: the run says how long it took, and where.
console.log(`\n${phases.join("\n")}`);
console.log(`Duration: ${minutes(Date.now() - startedAt)}`);
// Counted as passed above; each is a defect to fix (a test must pass the first time).
console.log(`Flaky (passed only on retry): ${flaky.length}${flaky.map((name) => `\n  ${name}`).join("")}`);
console.log(`Total: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(totals.failed > 0 ? 1 : 0);
