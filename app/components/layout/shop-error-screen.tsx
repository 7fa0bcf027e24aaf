import { isRouteErrorResponse } from "react-router";
import { ErrorScreen } from "./error-screen";
import { NotFoundScreen } from "./not-found-screen";

/** What a fault or refusal shows in place of the page: 404 and 400 pages, the shop briefly away (503), or the error screen. */
export function ShopErrorScreen({ error }: { error: unknown }) {
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundScreen />;
  if (isRouteErrorResponse(error) && error.status === 400) return <NotFoundScreen malformed />;
  if (isRouteErrorResponse(error) && error.status === 503) return <ErrorScreen unavailable />;
  if (import.meta.env.DEV) console.error(error);
  return <ErrorScreen />;
}
