import { MIN_PASSWORD_LENGTH, resetPasswordSchema } from "@server/accounts/credentials-schema.ts";
import { resetPassword } from "@server/accounts/password-reset.ts";
import { servicesContext } from "@server/http/context.ts";
import { parseForm } from "@server/lib/form-fields.ts";
import { Form, Link, useNavigation } from "react-router";
import { FormStatus } from "~/components/account/form-status";
import { useShopDialogs } from "~/components/layout/shop-dialogs";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Input, Label } from "~/components/ui/input";
import { Container } from "~/components/ui/page";
import { readForm } from "~/lib/form.server";
import { pageMeta } from "~/lib/meta";
import { formAction } from "~/lib/refusal.server";
import type { Route } from "./+types/reset-password";

// The emailed link goes through better-auth, which checks the token and comes back here with
// `?token=...`, or with `?error=INVALID_TOKEN` when the link has expired or was used.
export function loader({ request }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const token = params.get("token");
  return { token: token && !params.get("error") ? token : null };
}

export const action = formAction(async ({ request, context }: Route.ActionArgs) => {
  const { auth } = context.get(servicesContext);
  const { token, newPassword } = parseForm(await readForm(request), resetPasswordSchema);
  await resetPassword(auth, token, newPassword);
  return { ok: true as const, message: "Your password was changed. Sign in with your new password." };
});

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, "Choose a new password");

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const saving = useNavigation().state === "submitting";
  // Done: the next step is signing in with the new password, in the shop's login modal.
  const login = useShopDialogs().login;
  return (
    <Container className="max-w-lg py-12">
      <h1 className="text-3xl font-bold">Choose a new password</h1>
      <Card className="mt-6 p-6">
        {!loaderData.token ? (
          <FormStatus
            result={{
              ok: false,
              message: "This reset link has expired or was already used. Please ask for a new one.",
            }}
          />
        ) : actionData?.ok ? (
          <div className="grid gap-4">
            <FormStatus result={actionData} />
            <div>
              <Button type="button" onClick={login.show}>
                Sign in
              </Button>
            </div>
          </div>
        ) : (
          <Form method="post" className="grid gap-4">
            <FormStatus result={actionData} />
            <input type="hidden" name="token" value={loaderData.token} />
            <div className="grid gap-2">
              <Label htmlFor="reset-new">New password</Label>
              <Input
                id="reset-new"
                name="newPassword"
                type="password"
                required
                minLength={MIN_PASSWORD_LENGTH}
                autoComplete="new-password"
              />
            </div>
            <div className="grid gap-2">
              <Label htmlFor="reset-confirm">Confirm new password</Label>
              <Input id="reset-confirm" name="confirmPassword" type="password" required autoComplete="new-password" />
            </div>
            <div>
              <Button type="submit" disabled={saving}>
                {saving ? "Saving..." : "Set new password"}
              </Button>
            </div>
          </Form>
        )}
        {actionData?.ok ? null : (
          <p className="mt-4 text-sm">
            <Link to="/account/forgot-password" className="text-primary underline-offset-4 hover:underline">
              Ask for a new link
            </Link>
          </p>
        )}
      </Card>
    </Container>
  );
}
