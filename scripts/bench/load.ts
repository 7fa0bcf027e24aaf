// Load with autocannon: many connections at once, each cycling through a list of requests, with the
// latency of every answer kept (autocannon's own summary has no p95).
import { createRequire } from "node:module";

interface AutocannonResult {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number };
  duration: number;
  errors: number;
  timeouts: number;
  non2xx: number;
}

interface AutocannonRun extends PromiseLike<AutocannonResult> {
  on(
    event: "response",
    listener: (client: unknown, statusCode: number, resBytes: number, responseTime: number) => void,
  ): void;
}

// autocannon ships no types; this is the part of its API we use.
const autocannon = createRequire(import.meta.url)("autocannon") as (options: {
  url: string;
  connections: number;
  duration: number;
  headers?: Record<string, string>;
  requests?: { method: "GET"; path: string }[];
}) => AutocannonRun;

export interface LoadResult {
  /** The latency of each 2xx answer in ms, ascending. */
  latencies: number[];
  seconds: number;
  errors: number;
  non2xx: number;
}

/** `connections` connections for `duration` seconds, each asking for `paths` in turn (from the first). */
export async function loadTest(
  base: string,
  paths: readonly string[],
  connections: number,
  duration: number,
  headers: Record<string, string> = {},
): Promise<LoadResult> {
  const latencies: number[] = [];
  const run = autocannon({
    url: base,
    connections,
    duration,
    headers,
    requests: paths.map((path) => ({ method: "GET", path })),
  });
  run.on("response", (_client, statusCode, _bytes, responseTime) => {
    if (statusCode >= 200 && statusCode < 300) latencies.push(responseTime);
  });
  const result = await run;
  return {
    latencies: latencies.sort((a, b) => a - b),
    seconds: result.duration,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}
