import { RouterContextProvider } from "react-router";
import { type RequestServices, servicesContext } from "../../server/http/context.ts";

/** Who a test's request comes from: a row of `user` (a role of "admin" opens the console). */
export interface SignedInAs {
  id: string;
  email: string;
  name: string;
  role?: string | null;
}

/**
 * The context of a request by `account` (null: signed out), with the services the route uses:
 * the auth answers with the account's session as Better Auth's does.
 */
export function contextAs(account: SignedInAs | null, services: Partial<RequestServices>): RouterContextProvider {
  const context = new RouterContextProvider();
  const auth = {
    api: {
      getSession: async () =>
        account ? { user: { ...account, image: null, role: account.role ?? "user" }, session: { id: "s" } } : null,
      listSessions: async () => [],
    },
  };
  context.set(servicesContext, { ...services, auth } as unknown as RequestServices);
  return context;
}

/** What a route's loader or action answered: its status, and its data or where it redirects. */
export interface RouteAnswer<Data = unknown> {
  status: number;
  data?: Data;
  location?: string | null;
  /** The Response itself, when the route answered with one (a redirect, a file). */
  response?: Response;
  /** The headers a `data()` answer sets (its cookies). */
  headers?: Headers;
}

/** A form's fields (a list posts a field several times), or a body as a browser would send it. */
export type RouteBody = Record<string, string | string[]> | FormData | URLSearchParams;

function requestBody(body: RouteBody, json: boolean): RequestInit {
  if (json) return { method: "POST", body: JSON.stringify(body), headers: { "content-type": "application/json" } };
  if (body instanceof FormData || body instanceof URLSearchParams) return { method: "POST", body };
  const form = new URLSearchParams();
  for (const [name, value] of Object.entries(body)) {
    for (const each of Array.isArray(value) ? value : [value]) form.append(name, each);
  }
  return { method: "POST", body: form };
}

/**
 * Calls a loader or action as React Router does for a browser without JavaScript: a GET, or a
 * form POST of `body` (`json` posts it as JSON, as a fetcher with encType JSON does). A thrown
 * redirect or `data()` (as requireUser and 404s throw them) is the answer too.
 */
export async function routeAnswer<Data = unknown>(
  handler: (args: never) => Promise<unknown>,
  {
    url,
    context,
    params = {},
    body,
    json = false,
    headers,
  }: {
    url: string;
    context: RouterContextProvider;
    params?: Record<string, string>;
    body?: RouteBody;
    json?: boolean;
    /** The request's own headers (a cookie the browser sends), beside those of `body`. */
    headers?: Record<string, string>;
  },
): Promise<RouteAnswer<Data>> {
  const init = body ? requestBody(body, json) : {};
  const request = new Request(`http://shop.test${url}`, { ...init, headers: { ...init.headers, ...headers } });
  let answer: unknown;
  try {
    answer = await (handler as (args: unknown) => Promise<unknown>)({ request, params, context });
  } catch (thrown) {
    if (thrown instanceof Response) answer = thrown;
    else if ((thrown as { type?: unknown } | null)?.type === "DataWithResponseInit") answer = thrown;
    else throw thrown;
  }
  if (answer instanceof Response) {
    return { status: answer.status, location: answer.headers.get("location"), response: answer };
  }
  // React Router's data(): { type: "DataWithResponseInit", data, init }.
  const withInit = answer as {
    type?: unknown;
    data?: unknown;
    init?: { status?: number; headers?: HeadersInit } | null;
  } | null;
  if (withInit?.type !== "DataWithResponseInit") return { status: 200, data: answer as Data };
  const answered = { status: withInit.init?.status ?? 200, data: withInit.data as Data };
  return withInit.init?.headers ? { ...answered, headers: new Headers(withInit.init.headers) } : answered;
}
