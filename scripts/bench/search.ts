// The search section of `npm run bench`, on a freshly started server (run it first, before anything else
// has searched): the search API (/api/v1/search) and its suggestions, as shoppers use them.
//
// 1. The server builds its search index after it starts: wait until its metrics say search_index_ready 1,
//    and note how long that took from the server's start.
// 2. Each search of SEARCHES once, one at a time (each one's first request on this server), then the same
//    mix REPEAT_ROUNDS times more: p50/p95/p99 of single searches, the first time and repeated.
// 3. The same for the suggestions of typed prefixes (SUGGESTION_PREFIXES).
// 4. A product page alone, then the search mix at SEARCH_CONNECTIONS connections (each cycling through
//    the list) while the product page is asked for one request at a time beside it: search can't be
//    allowed to starve the other pages. Then the suggestions at SEARCH_CONNECTIONS connections.
// 5. The app server's memory (RSS) before and after, the index's own figures from the server's metrics
//    (n/a where the server does not expose them) and PostgreSQL's size on disk of product_search.
// Figures are printed beside the issue's goals, never asserted.
import fs from "node:fs";
import type { DatabaseHandle } from "../../server/db/client.ts";
import { fmt, percentile, table } from "./figures.ts";
import { loadTest } from "./load.ts";

/** The mix of searches: common, rare and absent words, several words in any order, typos, word forms, a
 * prefix while typing, each filter and each sort. Common words match a good part of the catalogue:
 * "planner" about a quarter of the generated products. */
export const SEARCHES: readonly string[] = [
  // common words
  "q=planner",
  "q=template",
  "q=art",
  "q=printable",
  "q=digital",
  // rare words, and one that matches nothing
  "q=notability",
  "q=kindle+scribe",
  "q=terracotta",
  "q=podcast",
  "q=zqxv",
  // several words, in any order (the issue's queries that found nothing)
  "q=minimalist+planner",
  "q=planner+minimalist",
  "q=boho+wedding",
  "q=social+media+templates",
  "q=instagram+templates",
  "q=minimalist+wall+art",
  "q=online+course",
  "q=printable+calendar",
  "q=resume+template",
  "q=wall+art+prints",
  "q=botanical+prints",
  "q=kids+printable",
  "q=planner+digital",
  "q=teacher+lesson+planner",
  // typos, and a British spelling
  "q=planer",
  "q=weding",
  "q=minimalst",
  "q=tempalte",
  "q=instagarm+post",
  "q=colourful",
  // plurals and other word forms
  "q=planners",
  "q=invoices",
  "q=teachers",
  "q=courses",
  // a prefix while typing
  "q=plann",
  "q=wedd",
  "q=minimalist+pla",
  // each filter
  "q=planner&category=planners",
  "q=art&category=wall-art&format=PNG",
  "q=course&category=digital-courses&format=Video",
  "category=templates&format=PSD&format=AI",
  "q=guide&category=e-books",
  "q=worksheet&category=printables",
  "q=template&format=PDF",
  "q=planner&style=Boho",
  "q=planner&min=10&max=20",
  "q=art&max=5",
  "q=planner&tab=bestsellers",
  "q=template&tab=sale",
  "q=printable&tab=new",
  "q=",
  // each sort
  "q=planner&sort=relevance",
  "q=planner&sort=popular",
  "q=planner&sort=newest",
  "q=planner&sort=price-low",
  "q=planner&sort=price-high",
  "q=planner&sort=rating",
  "q=wall+art&sort=newest&page=5",
  // everything at once
  "q=wedding&category=planners&format=PDF&style=Minimalist&min=5&max=30&sort=rating",
];

/** What a shopper types, letter by letter, in the header's search box. */
export const SUGGESTION_PREFIXES: readonly string[] = [
  "p",
  "pl",
  "pla",
  "plan",
  "plann",
  "planne",
  "planner",
  "w",
  "we",
  "wed",
  "wedd",
  "weddi",
  "in",
  "inv",
  "invo",
  "mi",
  "min",
  "mini",
  "minim",
  "bo",
  "boh",
  "can",
  "canv",
  "res",
  "resu",
  "tea",
  "teac",
  "wal",
  "wall a",
  "ins",
  "inst",
  "insta",
  "bot",
  "bota",
  "cour",
  "ebo",
];

/** Connections of the search load, as the issue's goal says. */
export const SEARCH_CONNECTIONS = 16;
/** Rounds of the mix after the first, for the repeated figures. */
const REPEAT_ROUNDS = 4;
/** Product pages timed alone. */
const PRODUCT_PAGE_SAMPLES = 40;
const INDEX_METRICS = [
  "search_index_ready",
  "search_index_documents",
  "search_index_memory_bytes",
  "search_index_build_seconds",
] as const;

export interface SearchBenchOptions {
  /** The running server, e.g. http://127.0.0.1:PORT, started just before and not yet searched. */
  base: string;
  /** Its Prometheus metrics (METRICS_PORT), e.g. http://127.0.0.1:PORT/metrics. */
  metricsUrl: string;
  /** The server's process id, for its memory. */
  serverPid: number;
  /** When it was started (performance.now()). */
  serverStartedAt: number;
  /** Seconds of each load. */
  duration: number;
  /** Its database, for the sizes on disk and a few product ids. */
  connect(): DatabaseHandle;
  /** How long to wait for the index at most. */
  indexTimeoutMs?: number;
}

const MB = 1024 * 1024;
const sortedCopy = (values: readonly number[]) => [...values].sort((a, b) => a - b);
const ms = (values: readonly number[], p: number) => fmt(percentile(values, p), 1);

/** The samples of each metric in a Prometheus text exposition, by name (labels ignored). */
export function parseMetrics(text: string): Map<string, number[]> {
  const samples = new Map<string, number[]>();
  for (const line of text.split("\n")) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{[^}]*\})?\s+(\S+)/.exec(line);
    if (!match) continue;
    const value = Number(match[2]);
    if (Number.isNaN(value)) continue;
    samples.set(match[1]!, [...(samples.get(match[1]!) ?? []), value]);
  }
  return samples;
}

async function readMetrics(url: string): Promise<Map<string, number[]> | undefined> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(5_000) });
    return response.ok ? parseMetrics(await response.text()) : undefined;
  } catch {
    return undefined;
  }
}

/** The resident memory of a process in bytes: from /proc on Linux, else the server's own metric. */
async function residentMemory(pid: number, metricsUrl: string): Promise<number | undefined> {
  try {
    const kb = /^VmRSS:\s+(\d+) kB/m.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"))?.[1];
    if (kb) return Number(kb) * 1024;
  } catch {
    // not Linux
  }
  return (await readMetrics(metricsUrl))?.get("process_resident_memory_bytes")?.[0];
}

/**
 * Waits until the server's metrics say search_index_ready 1. A server whose metrics have no such
 * figure at all has no index to wait for. Gives the ms from the server's start, or undefined then.
 */
export async function waitForIndex(
  options: Pick<SearchBenchOptions, "metricsUrl" | "serverStartedAt" | "indexTimeoutMs">,
): Promise<number | undefined> {
  const deadline = Date.now() + (options.indexTimeoutMs ?? 15 * 60_000);
  let said = false;
  while (Date.now() < deadline) {
    const metrics = await readMetrics(options.metricsUrl);
    if (metrics) {
      const ready = metrics.get("search_index_ready");
      if (!ready) return undefined;
      if (ready.every((value) => value === 1)) return performance.now() - options.serverStartedAt;
      if (!said) console.log("Waiting for the server's search index (search_index_ready 1)…");
      said = true;
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`The search index was not ready within ${(options.indexTimeoutMs ?? 15 * 60_000) / 1000} s`);
}

interface Answer {
  ms: number;
  status: number;
  /** The number of matches the answer gives (its `total`), when it does. */
  total: number | undefined;
}

async function timeGet(url: string): Promise<Answer> {
  const started = performance.now();
  const response = await fetch(url);
  const body = await response.text();
  const ms = performance.now() - started;
  let total: number | undefined;
  try {
    const parsed = JSON.parse(body) as { total?: unknown };
    if (typeof parsed.total === "number") total = parsed.total;
  } catch {
    // not JSON (an error page): the status says it
  }
  return { ms, status: response.status, total };
}

/** Each target once, one at a time, in order. */
async function eachOnce(base: string, targets: readonly string[]): Promise<Answer[]> {
  const answers: Answer[] = [];
  for (const target of targets) {
    const answer = await timeGet(`${base}${target}`);
    if (answer.status !== 200) console.warn(`GET ${target} answered ${answer.status}`);
    answers.push(answer);
  }
  return answers;
}

/** Sizes on disk of product_search, its indexes, and the shared_buffers it is read through. */
async function databaseFigures(database: DatabaseHandle) {
  const { rows } = await database.pool.query<{
    total: string | null;
    heap: string | null;
    indexes: string | null;
    shared_buffers: string;
  }>(
    `SELECT pg_total_relation_size(to_regclass('product_search')) AS total,
            pg_table_size(to_regclass('product_search')) AS heap,
            pg_indexes_size(to_regclass('product_search')) AS indexes,
            current_setting('shared_buffers') AS shared_buffers`,
  );
  const { rows: each } = await database.pool.query<{ name: string; size: string }>(
    `SELECT c.relname AS name, pg_relation_size(c.oid) AS size
       FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid
      WHERE i.indrelid = to_regclass('product_search')
      ORDER BY pg_relation_size(c.oid) DESC`,
  );
  return { ...rows[0]!, each };
}

const megabytes = (bytes: number | string | null | undefined) =>
  bytes === null || bytes === undefined ? "n/a" : `${fmt(Number(bytes) / MB)} MB`;

export async function benchSearch(options: SearchBenchOptions): Promise<string[]> {
  const { base } = options;
  const answeredAfter = performance.now() - options.serverStartedAt;
  const memoryAtStart = await residentMemory(options.serverPid, options.metricsUrl);
  const readyAfter = await waitForIndex(options);
  const memoryReady = await residentMemory(options.serverPid, options.metricsUrl);
  const indexMetrics = await readMetrics(options.metricsUrl);

  const database = options.connect();
  let productIds: number[];
  let disk: Awaited<ReturnType<typeof databaseFigures>>;
  try {
    disk = await databaseFigures(database);
    const { rows } = await database.pool.query<{ id: number }>(
      "SELECT id FROM products WHERE status = 'published' ORDER BY id DESC LIMIT 20",
    );
    productIds = rows.map((row) => row.id);
  } finally {
    await database.close();
  }

  const searchTargets = SEARCHES.map((query) => `/api/v1/search?${query}`);
  const suggestionTargets = SUGGESTION_PREFIXES.map(
    (prefix) => `/api/v1/search/suggestions?q=${encodeURIComponent(prefix)}`,
  );
  const productTargets = productIds.map((id) => `/product/${id}`);

  console.log(`Timing ${searchTargets.length} searches one at a time, the first time and ${REPEAT_ROUNDS} times more…`);
  const firstTime = await eachOnce(base, searchTargets);
  const repeatedByQuery: number[][] = searchTargets.map(() => []);
  for (let round = 0; round < REPEAT_ROUNDS; round++) {
    for (const [i, answer] of (await eachOnce(base, searchTargets)).entries()) repeatedByQuery[i]!.push(answer.ms);
  }
  console.log(`Timing ${suggestionTargets.length} typed prefixes' suggestions one at a time…`);
  const suggestionsFirst = await eachOnce(base, suggestionTargets);
  const suggestionsRepeated: Answer[] = [];
  for (let round = 0; round < REPEAT_ROUNDS; round++)
    suggestionsRepeated.push(...(await eachOnce(base, suggestionTargets)));

  console.log(`Timing a product page alone (${PRODUCT_PAGE_SAMPLES} requests over ${productTargets.length} products)…`);
  if (productTargets.length > 0) await eachOnce(base, productTargets.slice(0, 5)); // its code and templates loaded
  const productAlone = productTargets.length
    ? await eachOnce(
        base,
        Array.from({ length: PRODUCT_PAGE_SAMPLES }, (_, i) => productTargets[i % productTargets.length]!),
      )
    : [];

  console.log(
    `Searching at ${SEARCH_CONNECTIONS} connections for ${options.duration} s, a product page one at a time beside it…`,
  );
  const productUnderLoad: Answer[] = [];
  let loadDone = false;
  const beside = (async () => {
    for (let i = 0; !loadDone && productTargets.length > 0; i++) {
      productUnderLoad.push(await timeGet(`${base}${productTargets[i % productTargets.length]}`));
    }
  })();
  const searchLoad = await loadTest(base, searchTargets, SEARCH_CONNECTIONS, options.duration).finally(() => {
    loadDone = true;
  });
  await beside;
  console.log(`Suggestions at ${SEARCH_CONNECTIONS} connections for ${options.duration} s…`);
  const suggestionLoad = await loadTest(base, suggestionTargets, SEARCH_CONNECTIONS, options.duration);
  const memoryAfter = await residentMemory(options.serverPid, options.metricsUrl);

  // ---- the figures
  const single = (what: string, answers: readonly Answer[], goal: string) => {
    const latencies = sortedCopy(answers.map((answer) => answer.ms));
    return [
      what,
      "",
      ms(latencies, 50),
      ms(latencies, 95),
      ms(latencies, 99),
      ms(latencies, 100),
      fmt(latencies.length),
      goal,
    ];
  };
  const repeated = repeatedByQuery.flat().map((ms) => ({ ms, status: 200, total: undefined }));
  const underLoad = (what: string, load: Awaited<ReturnType<typeof loadTest>>, goal: string) => [
    what,
    fmt(load.latencies.length / load.seconds, 1),
    ms(load.latencies, 50),
    ms(load.latencies, 95),
    ms(load.latencies, 99),
    ms(load.latencies, 100),
    fmt(load.latencies.length),
    goal,
  ];
  const failures = (load: Awaited<ReturnType<typeof loadTest>>) =>
    load.errors + load.non2xx > 0 ? ` (${fmt(load.errors)} errors, ${fmt(load.non2xx)} not 2xx)` : "";

  const metric = (name: (typeof INDEX_METRICS)[number]) => indexMetrics?.get(name);
  const sum = (values: number[] | undefined) => values?.reduce((a, b) => a + b, 0);
  const documents = sum(metric("search_index_documents"));
  const memory = sum(metric("search_index_memory_bytes"));
  const buildSeconds = metric("search_index_build_seconds");

  const lines = [
    `Search (${searchTargets.length} searches, ${suggestionTargets.length} typed prefixes; /api/v1/search and /api/v1/search/suggestions):`,
    `  the server answered /healthz ${fmt(answeredAfter / 1000, 1)} s after it started; ` +
      (readyAfter === undefined
        ? "its metrics have no search_index_ready (n/a): measured from then on"
        : `its search index was ready (search_index_ready 1) ${fmt(readyAfter / 1000, 1)} s after it started`),
    `  search index (server metrics): ${documents === undefined ? "n/a" : fmt(documents)} documents, ` +
      `${memory === undefined ? "n/a" : megabytes(memory)} in memory, built in ` +
      `${buildSeconds === undefined ? "n/a" : `${fmt(Math.max(...buildSeconds), 1)} s`}`,
    `  PostgreSQL on disk: product_search ${megabytes(disk.total)} (table ${megabytes(disk.heap)}, indexes ${megabytes(disk.indexes)}` +
      `${disk.each.length ? `: ${disk.each.map((index) => `${index.name} ${megabytes(index.size)}`).join(", ")}` : ""}); shared_buffers ${disk.shared_buffers}`,
    `  app server memory (RSS): ${megabytes(memoryAtStart)} when it answered, ${megabytes(memoryReady)} with its index ready, ` +
      `${megabytes(memoryAfter)} after the loads (goal: under 1,024 MB)`,
    "",
    ...table(
      ["", "requests/s", "p50 ms", "p95 ms", "p99 ms", "max ms", "requests", "goal"],
      [
        single("search, first time (one at a time)", firstTime, "p95 <= 30 ms"),
        single("search, repeated (one at a time)", repeated, "p95 <= 30 ms"),
        underLoad(
          `search at ${SEARCH_CONNECTIONS} connections${failures(searchLoad)}`,
          searchLoad,
          ">= 120/s, p95 < 100 ms",
        ),
        single("suggestions, first time (one at a time)", suggestionsFirst, "p95 < 15 ms"),
        single("suggestions, repeated (one at a time)", suggestionsRepeated, "p95 < 15 ms"),
        underLoad(
          `suggestions at ${SEARCH_CONNECTIONS} connections${failures(suggestionLoad)}`,
          suggestionLoad,
          "p95 < 15 ms",
        ),
        single("product page alone", productAlone, ""),
        single(`product page beside the search load`, productUnderLoad, "about as alone"),
      ],
    ).map((line) => `  ${line}`),
    "",
    "  Each search: matches, first time and repeated (median) in ms",
    ...table(
      ["  query", "matches", "first ms", "repeated ms"],
      SEARCHES.map((query, i) => [
        `  ${decodeURIComponent(query.replaceAll("+", " "))}`,
        firstTime[i]!.status === 200
          ? firstTime[i]!.total === undefined
            ? "?"
            : fmt(firstTime[i]!.total!)
          : `HTTP ${firstTime[i]!.status}`,
        fmt(firstTime[i]!.ms, 1),
        ms(sortedCopy(repeatedByQuery[i]!), 50),
      ]),
    ).map((line) => `  ${line}`),
  ];
  return lines;
}
