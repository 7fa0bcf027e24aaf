// Waiting for work, but not for ever: the work goes on after the wait (a promise cannot be
// stopped); only the caller stops waiting, and the timer is cleared either way.

/** The work's value when it settles within `ms`, or `timedOut` (a failure within `ms` still rejects). */
export async function settledWithin<T, U>(work: Promise<T>, ms: number, timedOut: U): Promise<T | U> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([work, new Promise<U>((resolve) => (timer = setTimeout(() => resolve(timedOut), ms)))]);
  } finally {
    clearTimeout(timer);
  }
}
