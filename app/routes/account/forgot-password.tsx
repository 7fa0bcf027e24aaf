import { getFormProps } from "@conform-to/react";
import { RESET_REQUESTED, requestPasswordReset } from "@server/accounts/password-reset.ts";
import { isDemoAccountEmail } from "@server/accounts/shared-demo-accounts.ts";
import { servicesContext } from "@server/http/context.ts";
import { forgotPasswordSchema } from "@shared/account-credentials-schema.ts";
import { data, Form, useNavigation } from "react-router";
import { FormStatus } from "~/components/account/form-status";
import { InputField, replyOf, useSchemaForm } from "~/components/forms/form-field";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Container } from "~/components/ui/page";
import { parseSubmission, readForm } from "~/lib/form.server";
import { pageMeta } from "~/lib/meta";
import { formAction } from "~/lib/refusal.server";
import type { Route } from "./+types/forgot-password";

export const action = formAction(async ({ request, context }: Route.ActionArgs) => {
  const services = context.get(servicesContext);
  const submission = parseSubmission(await readForm(request), forgotPasswordSchema);
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const { email } = submission.value;
  // A demo account's password is the published one: no link is sent, and the answer is the usual one.
  if (services.shopMode === "demo" && isDemoAccountEmail(email)) return { ok: true as const, message: RESET_REQUESTED };
  const message = await requestPasswordReset(
    { ...services, limits: services.accountLimits, headers: request.headers },
    email,
  );
  return { ok: true as const, message };
});

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, "Forgot your password?");

export default function ForgotPassword({ actionData }: Route.ComponentProps) {
  const sending = useNavigation().state === "submitting";
  const [form, fields] = useSchemaForm(forgotPasswordSchema, { lastResult: replyOf(actionData) });
  return (
    <Container className="max-w-lg py-12">
      <h1 className="text-3xl font-bold">Forgot your password?</h1>
      <p className="mt-2 text-muted-foreground">
        Enter the email of your account and we'll send you a link to choose a new password.
      </p>
      <Card className="mt-6 p-6">
        <Form method="post" {...getFormProps(form)} className="grid gap-4">
          <FormStatus result={actionData && "message" in actionData ? actionData : undefined} />
          <InputField field={fields.email} label="Email" type="email" autoComplete="email" />
          <div>
            <Button type="submit" disabled={sending}>
              {sending ? "Sending..." : "Send reset link"}
            </Button>
          </div>
        </Form>
      </Card>
    </Container>
  );
}
