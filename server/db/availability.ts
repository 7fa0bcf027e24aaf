import type pg from "pg";
import type { Logger } from "pino";
import { onceEvery } from "../lib/once-every.ts";
import { processWide } from "../lib/process-wide.ts";

/**
 * Whether an error means that the database cannot be reached now (stopped, restarting, failing
 * over, refusing connections, out of connections), as opposed to a fault in the shop: requests
 * that need it are answered "briefly unavailable, try again" (503), not "something went wrong".
 * Looks through the causes: Drizzle wraps pg's errors.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  // Errors, and the plain copies of them that pg-boss emits ({ ...error, message }).
  for (let current = error; typeof current === "object" && current !== null; current = (current as Error).cause) {
    const { code, message } = current as { code?: unknown; message?: unknown };
    if (typeof code === "string" && (UNREACHABLE.has(code) || SERVER_AWAY.test(code))) return true;
    if (typeof message === "string" && CONNECTION_LOST.test(message)) return true;
  }
  return false;
}

// The socket could not be opened or was cut (a TCP port, or the embedded server's Unix socket gone).
const UNREACHABLE = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "EPIPE",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENOENT",
  "EAI_AGAIN",
]);
// SQLSTATE: class 08 (connection exception), 57P01-57P03 (the server shutting down or starting),
// 53300 (too many connections).
const SERVER_AWAY = /^(08[0-9A-Z]{3}|57P0[123]|53300)$/;
// What node-postgres says of a connection it lost or could not get in time.
const CONNECTION_LOST =
  /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error)/;

// One line when an outage begins (said again each minute it lasts) and one when it ends, not one
// per request or job poll that met it. The process's, not this module copy's: the requests report
// through the app's copy, the job queue through server/serve.ts's, and each copy warned of the same
// outage.
const outage = processWide("database-outage", () => ({
  report: onceEvery(60_000),
  awaySince: undefined as number | undefined,
}));

/** Logs that the database cannot be reached, at most once a minute. */
export function reportDatabaseAway(logger: Pick<Logger, "warn">, error: unknown, now = Date.now()): void {
  outage.awaySince ??= now;
  if (!outage.report.due(now)) return;
  logger.warn({ err: error }, "The database cannot be reached: pages and forms answer 503 until it is back");
}

/**
 * Logs the end of an outage: the first connection the pool opens after one was reported (a pool
 * opens none while the server refuses them), with how long it lasted.
 */
export function reportDatabaseReturn(
  pool: Pick<pg.Pool, "on">,
  logger: Pick<Logger, "info">,
  clock: () => number = Date.now,
): void {
  pool.on("connect", () => {
    if (outage.awaySince === undefined) return;
    const seconds = Math.round((clock() - outage.awaySince) / 1000);
    outage.awaySince = undefined;
    outage.report.reset();
    logger.info({ awaySeconds: seconds }, `The database is back after about ${seconds} s`);
  });
}

/**
 * Sends a replica's queries to the primary while the replica cannot be reached (stopped, failing
 * over): the catalogue pages that read it keep answering, a little less fresh no more. Promise-style
 * queries only (Drizzle's), which is how readDb is used.
 */
export function fallBackToPrimary(replica: pg.Pool, primary: pg.Pool): void {
  const queryReplica = replica.query.bind(replica) as (...args: unknown[]) => Promise<unknown>;
  const queryPrimary = primary.query.bind(primary) as (...args: unknown[]) => Promise<unknown>;
  replica.query = (async (...args: unknown[]) => {
    try {
      return await queryReplica(...args);
    } catch (error) {
      if (!isDatabaseUnavailable(error)) throw error;
      return queryPrimary(...args);
    }
  }) as typeof replica.query;
}
