import type { RefusalLink } from "@server/lib/refusal.ts";
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
    const { text, link } = refusedPage(error.data);
    return (
      <NotFoundScreen
        status={error.status}
        title={REFUSED_TITLES[error.status] ?? "This page can't be shown"}
        text={text}
        links={link ? [link, { label: "Return to Home", to: "/" }] : undefined}
      />
    );
  }
  if (import.meta.env.DEV) console.error(error);
  return <ErrorScreen />;
}

/** What a refused page's loader gave (pageLoader): its reason, and where to go from there if it says. */
function refusedPage(data: unknown): { text: string; link?: RefusalLink } {
  if (typeof data === "string") return { text: data };
  const refusal = data as { message?: unknown; link?: RefusalLink } | null;
  if (typeof refusal?.message === "string") return { text: refusal.message, link: refusal.link };
  return { text: "The shop could not show this page to you." };
}
