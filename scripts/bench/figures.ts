// How the benchmark times calls and writes its figures: calls in flight with their latencies, numbers
// with thousands separators, percentiles of latencies, and aligned tables (first column to the left,
// figures to the right).

export const fmt = (n: number, digits = 0) =>
  n.toLocaleString("en-US", { minimumFractionDigits: digits, maximumFractionDigits: digits });

/** The p-th percentile (nearest rank) of latencies sorted in ascending order. */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/** The lines of a table whose columns are as wide as their widest cell. */
export function table(header: readonly string[], rows: readonly (readonly string[])[]): string[] {
  const widths = header.map((title, i) => Math.max(title.length, ...rows.map((row) => row[i]!.length)));
  const format = (row: readonly string[]) =>
    row.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join("  ");
  return [header, ...rows].map(format);
}

export interface Timing {
  /** The latency of each call that succeeded, in ms, ascending. */
  latencies: number[];
  seconds: number;
  failures: number;
  firstFailure: string | undefined;
}

/**
 * Runs `call` on the items that `next` gives, `concurrency` at a time, until it gives undefined,
 * timing each call. A failed call is counted, not thrown: one odd failure should not lose the run.
 */
export async function inFlight<T>(
  concurrency: number,
  next: () => T | undefined,
  call: (item: T) => Promise<unknown>,
): Promise<Timing> {
  const latencies: number[] = [];
  let failures = 0;
  let firstFailure: string | undefined;
  const started = performance.now();
  const loop = async () => {
    for (let item = next(); item !== undefined; item = next()) {
      const callStarted = performance.now();
      try {
        await call(item);
        latencies.push(performance.now() - callStarted);
      } catch (error) {
        failures++;
        firstFailure ??= error instanceof Error ? error.message : String(error);
      }
    }
  };
  await Promise.all(Array.from({ length: concurrency }, loop));
  return {
    latencies: latencies.sort((a, b) => a - b),
    seconds: (performance.now() - started) / 1000,
    failures,
    firstFailure,
  };
}

/** Gives the items of a list once each, then undefined. */
export const eachOf = <T>(items: readonly T[]) => {
  let i = 0;
  return () => items[i++];
};

/** A table row: what was run, calls per second, latency percentiles in ms, and how many calls. */
export function timingRow(what: string, timing: Timing): string[] {
  const { latencies } = timing;
  return [
    what,
    fmt(latencies.length / timing.seconds, 1),
    ...[50, 95, 99, 100].map((p) => fmt(percentile(latencies, p), 1)),
    fmt(latencies.length),
    fmt(timing.failures),
  ];
}
