import { isRouteErrorResponse } from "react-router";
import { ErrorScreen } from "./error-screen";
import { NotFoundScreen } from "./not-found-screen";

/** The title of a page refused otherwise than "not found" (app/lib/refusal.server.ts pageLoader). */
const REFUSED_TITLES: Record<number, string> = {
  401: "Please sign in",
  403: "You can't open this page",
  409: "This can't be shown right now",
  410: "This link has expired",
  429: "Too many requests",
};

/**
 * What a fault or refusal shows in place of the page: 404 and 400 pages, another refusal with its
 * status and reason, the shop briefly away (503), or the error screen.
 */
export function ShopErrorScreen({ error }: { error: unknown }) {
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundScreen />;
  if (isRouteErrorResponse(error) && error.status === 400) return <NotFoundScreen malformed />;
  if (isRouteErrorResponse(error) && error.status === 503) return <ErrorScreen unavailable />;
  if (isRouteErrorResponse(error) && error.status > 400 && error.status < 500) {
    return (
      <NotFoundScreen
        status={error.status}
        title={REFUSED_TITLES[error.status] ?? "This page can't be shown"}
        text={typeof error.data === "string" ? error.data : "The shop could not show this page to you."}
      />
    );
  }
  if (import.meta.env.DEV) console.error(error);
  return <ErrorScreen />;
}
