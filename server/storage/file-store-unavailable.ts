import type { Logger } from "pino";
import { onceEvery } from "../lib/once-every.ts";

/**
 * The file store cannot be used now (S3 unreachable or refusing after the SDK's retries, the local
 * disk full or failing): the request is answered 503, "try again later" (server/http/error-answers.ts).
 */
export class FileStoreUnavailable extends Error {
  override name = "FileStoreUnavailable";
}

// One warning for an outage of the file store, said again each minute it lasts.
const report = onceEvery(60_000);

/** Logs that the file store cannot be used, at most once a minute. */
export function reportFileStoreAway(logger: Pick<Logger, "warn">, error: unknown, now = Date.now()): void {
  if (!report.due(now)) return;
  logger.warn({ err: error }, "The file store cannot be used: uploads and downloads answer 503 until it is back");
}
