import { getCurrentUser } from "@server/accounts/current-user.ts";
import { servicesContext } from "@server/http/context.ts";
import { Link } from "react-router";
import { Button } from "~/components/ui/button";
import { Container } from "~/components/ui/page";
import { pageMeta } from "~/lib/meta";
import { pageLoader } from "~/lib/refusal.server";
import type { Route } from "./+types/email-confirmed";

// Where a confirmation link lands after better-auth has checked it: on success with no query,
// otherwise with `?error=` and better-auth's error code (or the shop's: EMAIL_TAKEN, from
// server/accounts/auth.ts). The link of a new account also signs it in.
const failures: Record<string, string> = {
  TOKEN_EXPIRED: "This link has expired. Sign in to get a new one, or ask for one in your settings.",
  INVALID_USER: "This link belongs to another account. Sign out, then open the link again.",
  EMAIL_TAKEN:
    "Another account uses this email address now, so your address was not changed. You can choose another one in your settings.",
};
const INVALID_LINK = "This link is not valid or was already used. You can ask for a new one in your settings.";

export const loader = pageLoader(async ({ request, context }: Route.LoaderArgs) => {
  const error = new URL(request.url).searchParams.get("error");
  const user = await getCurrentUser(context.get(servicesContext).auth, request.headers);
  return { failure: error ? (failures[error] ?? INVALID_LINK) : null, signedIn: user !== null };
});

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  pageMeta(matches, loaderData?.failure ? "Link not valid" : "Email address confirmed");

export default function EmailConfirmed({ loaderData }: Route.ComponentProps) {
  const { failure, signedIn } = loaderData;
  return (
    <Container className="max-w-lg py-24 text-center">
      <h1 className="text-3xl font-bold">{failure ? "This link did not work" : "Your email address is confirmed"}</h1>
      <p className="mt-3 text-muted-foreground" role={failure ? "alert" : "status"}>
        {failure ??
          `Thank you. We will use this address for your receipts and account messages.${signedIn ? " You are signed in." : ""}`}
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        {signedIn ? (
          <Button asChild variant={failure ? "primary" : "outline"}>
            <Link to="/account/settings">Go to Settings</Link>
          </Button>
        ) : null}
        <Button asChild variant={failure && signedIn ? "outline" : "primary"}>
          <Link to="/">Go to Homepage</Link>
        </Button>
      </div>
    </Container>
  );
}
