import { servicesContext } from "@server/http/context.ts";
import { useEffect } from "react";
import { useNavigate } from "react-router";
import { Container } from "~/components/ui/page";
import { pageMeta } from "~/lib/meta";
import { safeNextPath } from "~/lib/next-path";
import { pageLoader } from "~/lib/refusal.server";
import { toast } from "~/lib/toast";
import type { Route } from "./+types/auth-callback";

const NEW_SESSION_MS = 5 * 60_000;

// Where Google's sign-in returns. better-auth has already set the
// session cookie, or put `error` / `error_description` in the address.
export const loader = pageLoader(async ({ request, context }: Route.LoaderArgs) => {
  const { auth } = context.get(servicesContext);
  const result = await auth.api.getSession({ headers: request.headers });
  const fresh = result ? Date.now() - new Date(result.session.createdAt).getTime() < NEW_SESSION_MS : false;
  return { signedIn: fresh };
});

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, "Signing in");

/** `error` and `error_description` from the fragment or, failing that, the query. */
export function callbackError(hash: string, search: string): { error: string; description: string | null } | null {
  for (const params of [new URLSearchParams(hash.replace(/^#/, "")), new URLSearchParams(search)]) {
    const error = params.get("error");
    if (error) return { error, description: params.get("error_description") };
  }
  return null;
}

export default function AuthCallback({ loaderData }: Route.ComponentProps) {
  const navigate = useNavigate();
  useEffect(() => {
    const failed = callbackError(window.location.hash, window.location.search);
    if (failed) {
      toast.error("Authentication failed", { description: failed.description || "Please try again." });
    } else if (loaderData.signedIn) {
      toast.success("Welcome!", { description: "Successfully signed in with Google." });
    } else {
      toast.error("Authentication failed", { description: "No access token received" });
    }
    // Home, or back to the page that asked to sign in (?next=, from the login modal).
    const next =
      failed || !loaderData.signedIn ? null : safeNextPath(new URLSearchParams(window.location.search).get("next"));
    navigate(next ?? "/", { replace: true });
  }, [loaderData, navigate]);
  return (
    <Container className="flex flex-col items-center py-24 text-center">
      <div
        aria-hidden="true"
        className="size-10 animate-spin rounded-full border-4 border-primary-soft border-t-primary"
      />
      <h1 className="mt-6 text-2xl font-semibold" role="status">
        Completing sign in...
      </h1>
    </Container>
  );
}
