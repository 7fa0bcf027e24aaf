import { getFormProps } from "@conform-to/react";
import { resetPassword } from "@server/accounts/password-reset.ts";
import { servicesContext } from "@server/http/context.ts";
import { resetPasswordSchema } from "@shared/account-credentials-schema.ts";
import { data, Form, Link, useNavigation } from "react-router";
import { FormStatus } from "~/components/account/form-status";
import { NewPasswordFields } from "~/components/account/new-password-fields";
import { FieldError, replyOf, useSchemaForm } from "~/components/forms/form-field";
import { useShopDialogs } from "~/components/layout/shop-dialogs";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Container } from "~/components/ui/page";
import { parseSubmission, readForm } from "~/lib/form.server";
import { pageMeta } from "~/lib/meta";
import { formAction, pageLoader } from "~/lib/refusal.server";
import type { Route } from "./+types/reset-password";

// The emailed link goes through better-auth, which checks the token and comes back here with
// `?token=...`, or with `?error=INVALID_TOKEN` when the link has expired or was used.
export const loader = pageLoader(async ({ request }: Route.LoaderArgs) => {
  const params = new URL(request.url).searchParams;
  const token = params.get("token");
  return { token: token && !params.get("error") ? token : null };
});

export const action = formAction(async ({ request, context }: Route.ActionArgs) => {
  const { auth } = context.get(servicesContext);
  const submission = parseSubmission(await readForm(request), resetPasswordSchema);
  if (submission.status !== "success") {
    return data({ result: submission.reply({ hideFields: ["newPassword", "confirmPassword"] }) }, { status: 400 });
  }
  await resetPassword(auth, submission.value.token, submission.value.newPassword);
  return { ok: true as const, message: "Your password was changed. Sign in with your new password." };
});

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, "Choose a new password");

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const saving = useNavigation().state === "submitting";
  // Done: the next step is signing in with the new password, in the shop's login modal.
  const login = useShopDialogs().login;
  const answer = actionData && "message" in actionData ? actionData : undefined;
  const [form, fields] = useSchemaForm(resetPasswordSchema, { lastResult: replyOf(actionData) });
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
        ) : answer?.ok ? (
          <div className="grid gap-4">
            <FormStatus result={answer} />
            <div>
              <Button type="button" onClick={login.show}>
                Sign in
              </Button>
            </div>
          </div>
        ) : (
          <Form method="post" {...getFormProps(form)} className="grid gap-4">
            <FormStatus result={answer} />
            {/* The link's token: a problem with it is the form's, not a field's the person can fix. */}
            <input type="hidden" name={fields.token.name} value={loaderData.token} />
            <FieldError field={fields.token} />
            <NewPasswordFields newPassword={fields.newPassword} confirmPassword={fields.confirmPassword} />
            <div>
              <Button type="submit" disabled={saving}>
                {saving ? "Saving..." : "Set new password"}
              </Button>
            </div>
          </Form>
        )}
        {answer?.ok ? null : (
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
