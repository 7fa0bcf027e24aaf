import { servicesContext } from "@server/http/context.ts";
import { asRefusal, logFault as logFaultOf, reportOutage } from "@server/http/error-answers.ts";
import { maskTokens } from "@server/http/request-log.ts";
import { isRouteErrorResponse, type RouterContextProvider } from "react-router";

/**
 * A fault in a loader or action: one line in the shop's log, with the request's id and any secret
 * of the address masked (the refusals of bad input never get here: they are answered as 4xx where
 * they happen). A client's mistake React Router answers itself (a POST to a page without a form:
 * 405) is an info line, not an error.
 */
export function logFault(
  error: unknown,
  { request, context }: { request: Request; context: Readonly<RouterContextProvider> },
) {
  if (request.signal.aborted) return;
  const url = new URL(request.url);
  const where = url.pathname + url.search;
  const { logger, requestId } = context.get(servicesContext);
  // The shop briefly away (503): warned of once a minute where it was answered, not once per request.
  if (isRouteErrorResponse(error) && error.status === 503) return;
  if (isRouteErrorResponse(error) && error.status < 500) {
    logger.info({ status: error.status, method: request.method, requestId, url: maskTokens(where) }, "Request refused");
    return;
  }
  // An outage (the database or the file store away) is warned of once a minute, not per request.
  const refusal = asRefusal(error);
  if (refusal?.kind === "unavailable") return reportOutage(logger, refusal);
  logFaultOf(logger, error, { requestId, url: where });
}
