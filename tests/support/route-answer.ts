import type { RouterContextProvider } from "react-router";

/** What a route's loader or action answered: its status, and its data or where it redirects. */
export interface RouteAnswer {
  status: number;
  data?: unknown;
  location?: string | null;
}

/**
 * Calls a loader or action as React Router does for a browser without JavaScript: a GET, or a
 * form POST of `body` (a list posts a field several times). A thrown redirect or `data()` (as
 * requireUser and 404s throw them) is the answer too.
 */
export async function routeAnswer(
  handler: (args: never) => Promise<unknown>,
  {
    url,
    context,
    params = {},
    body,
  }: {
    url: string;
    context: RouterContextProvider;
    params?: Record<string, string>;
    body?: Record<string, string | string[]>;
  },
): Promise<RouteAnswer> {
  const form = new URLSearchParams();
  for (const [name, value] of Object.entries(body ?? {})) {
    for (const each of Array.isArray(value) ? value : [value]) form.append(name, each);
  }
  const request = new Request(`http://shop.test${url}`, body ? { method: "POST", body: form } : {});
  let answer: unknown;
  try {
    answer = await (handler as (args: unknown) => Promise<unknown>)({ request, params, context });
  } catch (thrown) {
    if (thrown instanceof Response) answer = thrown;
    else if (thrown && typeof thrown === "object" && "init" in thrown) answer = thrown;
    else throw thrown;
  }
  if (answer instanceof Response) return { status: answer.status, location: answer.headers.get("location") };
  const withInit = answer as { data?: unknown; init?: { status?: number } | null };
  return withInit.init ? { status: withInit.init.status ?? 200, data: withInit.data } : { status: 200, data: answer };
}
