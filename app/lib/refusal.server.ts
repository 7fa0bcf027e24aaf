import { servicesContext } from "@server/http/context.ts";
import { asRefusal, refusalHeaders, reportOutage } from "@server/http/error-answers.ts";
import type { Refusal } from "@server/lib/refusal.ts";
import { data, type RouterContextProvider } from "react-router";

// Route modules answer errors through these two wrappers, which go through the server's one table
// of refusals (server/http/error-answers.ts, server/lib/refusal.ts): a form's refusal is its
// answer, `{ ok: false, message }`; a page's is its error screen with the refusal's status.
// Redirects and faults pass on (a fault is logged once by app/entry.server.tsx's handleError).

/** A refused request's response (its message and status, plus `extra`); any other error is rethrown. */
export function refusalResponse<Extra extends object>(error: unknown, extra?: Extra) {
  const refusal = asRefusal(error);
  if (!refusal) throw error;
  const headers = refusalHeaders(refusal);
  return data(
    { ...(extra as Extra), ok: false as const, message: refusal.message },
    Object.keys(headers).length ? { status: refusal.status, headers } : { status: refusal.status },
  );
}

/**
 * The one place where a route action's refusals become responses: `{ ok: false, message }` with
 * the refusal's status. Redirects and faults pass on.
 */
export function formAction<Args, Result>(handler: (args: Args) => Promise<Result>) {
  return async (args: Args) => {
    try {
      return await handler(args);
    } catch (error) {
      reportOutageOf(asRefusal(error), args);
      return refusalResponse(error);
    }
  };
}

/** An outage (the database or the file store away) is warned of once a minute, not as each request's fault. */
function reportOutageOf(refusal: Refusal | undefined, args: unknown) {
  if (refusal?.kind !== "unavailable") return;
  const context = (args as { context?: Readonly<RouterContextProvider> }).context;
  try {
    if (context) reportOutage(context.get(servicesContext).logger, refusal);
  } catch {
    // A context without the shop's services (a component test's stub): nothing to log to.
  }
}

/**
 * The one place where a page loader's refusals become responses: the page's error screen with the
 * refusal's status and message (not found, not yours, gone, the shop briefly away: 503 with
 * Retry-After), instead of "something went wrong". Redirects and faults pass on.
 */
export function pageLoader<Args, Result>(handler: (args: Args) => Result | Promise<Result>) {
  return async (args: Args): Promise<Result> => {
    try {
      return await handler(args);
    } catch (error) {
      if (error instanceof Response || !(error instanceof Error)) throw error;
      const refusal = asRefusal(error);
      if (!refusal) throw error;
      reportOutageOf(refusal, args);
      // A refusal with somewhere to go (RefusalLink) gives its error screen a link there.
      const shown = refusal.link ? { message: refusal.message, link: refusal.link } : refusal.message;
      throw data(shown, { status: refusal.status, headers: refusalHeaders(refusal) });
    }
  };
}
