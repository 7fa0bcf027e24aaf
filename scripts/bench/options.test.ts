import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { parseArgs, SECTIONS } from "./options.ts";

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-options-"));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

describe("the bench's options", () => {
  it("run every section but Lighthouse and payouts on a newly seeded catalogue by default", () => {
    const options = parseArgs([]);
    expect(options.sections).toEqual(SECTIONS.filter((section) => section !== "lighthouse" && section !== "payouts"));
    expect(options).toMatchObject({ products: 100_000, seed: true, dataDir: undefined, port: undefined });
  });

  it("run Lighthouse only when asked, beside the other sections", () => {
    expect(parseArgs(["--lighthouse"]).sections).toEqual(SECTIONS.filter((section) => section !== "payouts"));
    expect(parseArgs(["--only", "pages", "--lighthouse"]).sections).toEqual(["pages", "lighthouse"]);
    expect(parseArgs(["--only", "lighthouse"]).sections).toEqual(["lighthouse"]);
  });

  it("run payouts only when asked, with its sellers a batch", () => {
    expect(parseArgs(["--only", "payouts"])).toMatchObject({ sections: ["payouts"], payoutSellers: 10_000 });
    expect(parseArgs(["--only", "payouts", "--payout-sellers", "500"]).payoutSellers).toBe(500);
  });

  it("run only the sections named, in their usual order, comma-separated or repeated", () => {
    expect(parseArgs(["--only", "pages,search"]).sections).toEqual(["search", "pages"]);
    expect(parseArgs(["--only=platform", "--only", "checkout"]).sections).toEqual(["checkout", "platform"]);
    expect(parseArgs(["--only", "checkout,licenses"]).sections).toEqual(["licenses", "checkout"]);
    expect(() => parseArgs(["--only", "search,everything"])).toThrow(
      '--only: unknown section "everything"; the sections are search, pages, lighthouse, payments, licenses, checkout, platform',
    );
    expect(() => parseArgs(["--only"])).toThrow("--only needs a value");
  });

  it("use an existing data directory as it is: nothing seeded", () => {
    expect(parseArgs(["--data-dir", dataDir])).toMatchObject({ dataDir, seed: false });
    expect(() => parseArgs(["--data-dir", path.join(dataDir, "missing")])).toThrow("does not exist");
    expect(() => parseArgs(["--data-dir", dataDir, "--products", "1000"])).toThrow(
      "--products seeds a new data directory; --data-dir uses one as it is",
    );
  });

  it("use DATABASE_URL's database as it is with --no-seed", () => {
    expect(parseArgs(["--no-seed"]).seed).toBe(false);
    expect(() => parseArgs(["--no-seed", "--products", "10"])).toThrow("contradict");
  });

  it("take a port for the server, its metrics on the next one", () => {
    expect(parseArgs(["--port", "4420"]).port).toBe(4420);
    expect(() => parseArgs(["--port", "65535"])).toThrow("at most 65534");
    expect(() => parseArgs(["--port", "http"])).toThrow('--port needs a positive whole number, got "http"');
  });
});
