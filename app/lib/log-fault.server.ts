import { servicesContext } from "@server/http/context.ts";
import { maskTokens } from "@server/http/request-log.ts";
import { isRouteErrorResponse, type RouterContextProvider } from "react-router";

/**
 * A fault in a loader or action: one line in the shop's log, with any secret of the address masked
 * (the refusals of bad input never get here: they are answered as 4xx where they happen). A client's
 * mistake React Router answers itself (a POST to a page without a form: 405) is an info line, not an error.
 */
export function logFault(
  error: unknown,
  { request, context }: { request: Request; context: Readonly<RouterContextProvider> },
) {
  if (request.signal.aborted) return;
  const url = new URL(request.url);
  const { logger } = context.get(servicesContext);
  const where = maskTokens(url.pathname + url.search);
  if (isRouteErrorResponse(error) && error.status < 500) {
    logger.info({ status: error.status, method: request.method, url: where }, "Request refused");
    return;
  }
  logger.error({ err: error, url: where }, "Request failed");
}
