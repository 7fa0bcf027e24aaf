import { servicesContext } from "@server/http/context.ts";
import { maskTokens } from "@server/http/request-log.ts";
import type { RouterContextProvider } from "react-router";

/**
 * A fault in a loader or action: one line in the shop's log, with any secret of the address masked
 * (the refusals of bad input never get here: they are answered as 4xx where they happen).
 */
export function logFault(
  error: unknown,
  { request, context }: { request: Request; context: Readonly<RouterContextProvider> },
) {
  if (request.signal.aborted) return;
  const url = new URL(request.url);
  context
    .get(servicesContext)
    .logger.error({ err: error, url: maskTokens(url.pathname + url.search) }, "Request failed");
}
