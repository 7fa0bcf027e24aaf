import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { SEARCH_LISTING } from "../../app/lib/listing.ts";
import { parseMetrics, SEARCHES, SUGGESTION_PREFIXES, waitForIndex } from "./search.ts";

describe("the search section's mix", () => {
  const params = SEARCHES.map((query) => new URLSearchParams(query));

  it("has at least 40 searches, each asked once, and typed prefixes for the suggestions", () => {
    expect(SEARCHES.length).toBeGreaterThanOrEqual(40);
    expect(new Set(SEARCHES).size).toBe(SEARCHES.length);
    expect(SUGGESTION_PREFIXES.length).toBeGreaterThanOrEqual(20);
  });

  it("has the issue's words: common, several, typos, plurals and a prefix", () => {
    const words = params.map((query) => query.get("q"));
    for (const q of [
      "planner",
      "minimalist planner",
      "planer",
      "weding",
      "minimalst",
      "planners",
      "invoices",
      "plann",
    ]) {
      expect(words).toContain(q);
    }
  });

  it("uses each sort of the search page and each kind of filter", () => {
    const used = (name: string) => params.flatMap((query) => query.getAll(name));
    for (const sort of SEARCH_LISTING.sorts) expect(used("sort")).toContain(sort);
    for (const category of SEARCH_LISTING.categories ?? []) expect(used("category")).toContain(category);
    for (const name of ["format", "style", "min", "max", "tab", "page"]) expect(used(name).length).toBeGreaterThan(0);
  });
});

describe("reading the server's metrics", () => {
  it("gives each metric's samples by name, whatever their labels", () => {
    const metrics = parseMetrics(
      [
        "# HELP search_index_documents Documents in the search index",
        "# TYPE search_index_documents gauge",
        "search_index_documents 1000066",
        'search_index_memory_bytes{part="terms"} 1024',
        'search_index_memory_bytes{part="postings"} 2048',
        "process_resident_memory_bytes 4.5e8",
        "",
      ].join("\n"),
    );
    expect(metrics.get("search_index_documents")).toEqual([1_000_066]);
    expect(metrics.get("search_index_memory_bytes")).toEqual([1024, 2048]);
    expect(metrics.get("process_resident_memory_bytes")).toEqual([450_000_000]);
    expect(metrics.has("search_index_ready")).toBe(false);
  });
});

describe("waiting for the search index", () => {
  let server: http.Server | undefined;
  afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

  async function metricsServer(answers: string[]): Promise<string> {
    let asked = 0;
    server = http.createServer((_request, response) => {
      response.end(answers[Math.min(asked++, answers.length - 1)]);
    });
    await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}/metrics`;
  }

  it("polls until search_index_ready is 1 and gives the time from the server's start", async () => {
    const metricsUrl = await metricsServer(["search_index_ready 0", "search_index_ready 0", "search_index_ready 1"]);
    const serverStartedAt = performance.now() - 1_000;
    const after = await waitForIndex({ metricsUrl, serverStartedAt });
    expect(after).toBeGreaterThan(1_000 + 2 * 200);
  });

  it("does not wait for a server whose metrics have no search index", async () => {
    const metricsUrl = await metricsServer(["process_resident_memory_bytes 1"]);
    expect(await waitForIndex({ metricsUrl, serverStartedAt: performance.now() })).toBeUndefined();
  });

  it("gives up after its time limit", async () => {
    const metricsUrl = await metricsServer(["search_index_ready 0"]);
    await expect(waitForIndex({ metricsUrl, serverStartedAt: performance.now(), indexTimeoutMs: 600 })).rejects.toThrow(
      "The search index was not ready within 0.6 s",
    );
  });
});
