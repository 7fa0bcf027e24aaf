import { changePassword } from "@server/accounts/account-settings.ts";
import { AuthFailure } from "@server/accounts/credentials.ts";
import { changePasswordSchema, MIN_PASSWORD_LENGTH } from "@server/accounts/credentials-schema.ts";
import { servicesContext } from "@server/http/context.ts";
import { data, Form, useNavigation } from "react-router";
import { FormStatus } from "~/components/account/form-status";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Input, Label } from "~/components/ui/input";
import { Container } from "~/components/ui/page";
import { firstIssue } from "~/lib/form-errors";
import { pageMeta } from "~/lib/meta";
import { requireUser } from "~/lib/require-user.server";
import type { Route } from "./+types/settings";

export async function loader({ request, context }: Route.LoaderArgs) {
  return { user: await requireUser(request, context) };
}

export async function action({ request, context }: Route.ActionArgs) {
  await requireUser(request, context);
  const { auth } = context.get(servicesContext);
  const parsed = changePasswordSchema.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) return data({ ok: false, message: firstIssue(parsed.error) }, { status: 400 });
  try {
    const { headers } = await changePassword(auth, request.headers, parsed.data);
    return data({ ok: true, message: "Your password was changed. Your other devices were signed out." }, { headers });
  } catch (error) {
    if (error instanceof AuthFailure) return data({ ok: false, message: error.message }, { status: error.status });
    throw error;
  }
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, "Settings");

const fields = [
  { name: "currentPassword", label: "Current password", autoComplete: "current-password" },
  { name: "newPassword", label: "New password", autoComplete: "new-password" },
  { name: "confirmPassword", label: "Confirm new password", autoComplete: "new-password" },
] as const;

export default function SettingsPage({ loaderData, actionData }: Route.ComponentProps) {
  const saving = useNavigation().state === "submitting";
  return (
    <Container className="max-w-2xl py-10">
      <h1 className="text-3xl font-bold">Settings</h1>
      <p className="mt-2 text-muted-foreground">Signed in as {loaderData.user.email}</p>
      <Card className="mt-6 p-6">
        <h2 className="text-xl font-semibold">Change password</h2>
        <Form method="post" className="mt-4 grid gap-4" key={actionData?.ok ? "saved" : "form"}>
          <FormStatus result={actionData} />
          {fields.map((field) => (
            <div key={field.name} className="grid gap-2">
              <Label htmlFor={`settings-${field.name}`}>{field.label}</Label>
              <Input
                id={`settings-${field.name}`}
                name={field.name}
                type="password"
                required
                autoComplete={field.autoComplete}
                minLength={field.name === "currentPassword" ? undefined : MIN_PASSWORD_LENGTH}
              />
            </div>
          ))}
          <div>
            <Button type="submit" disabled={saving}>
              {saving ? "Changing..." : "Change password"}
            </Button>
          </div>
        </Form>
      </Card>
    </Container>
  );
}
