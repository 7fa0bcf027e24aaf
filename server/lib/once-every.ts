/**
 * A gate that opens at most once per `intervalMs`: for a warning said once when something starts and
 * again each interval it lasts, not once per request that meets it. `reset` opens it at once again.
 */
export function onceEvery(intervalMs: number) {
  let last = Number.NEGATIVE_INFINITY;
  return {
    due(now: number): boolean {
      if (now - last < intervalMs) return false;
      last = now;
      return true;
    },
    reset(): void {
      last = Number.NEGATIVE_INFINITY;
    },
  };
}
