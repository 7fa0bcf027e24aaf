import {
  changePassword,
  deleteOwnAccount,
  listOwnSessions,
  revokeOtherSessions,
} from "@server/accounts/account-settings.ts";
import { listAuthEvents } from "@server/accounts/auth-events.ts";
import { changePasswordSchema, deleteAccountSchema, MIN_PASSWORD_LENGTH } from "@server/accounts/credentials-schema.ts";
import { servicesContext } from "@server/http/context.ts";
import { data, Form, redirect, useNavigation } from "react-router";
import { AccountActivity } from "~/components/account/account-activity";
import { FormStatus } from "~/components/account/form-status";
import { SessionList } from "~/components/account/session-list";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Input, Label } from "~/components/ui/input";
import { Container } from "~/components/ui/page";
import { authFailure } from "~/lib/auth-failure.server";
import { firstIssue } from "~/lib/form-errors";
import { pageMeta } from "~/lib/meta";
import { requireUser } from "~/lib/require-user.server";
import type { Route } from "./+types/settings";

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(request, context);
  const { db, auth } = context.get(servicesContext);
  const [sessions, events] = await Promise.all([listOwnSessions(auth, request.headers), listAuthEvents(db, user.id)]);
  return { user, sessions, events };
}

export async function action({ request, context }: Route.ActionArgs) {
  await requireUser(request, context);
  const { db, auth } = context.get(servicesContext);
  const form = Object.fromEntries(await request.formData());
  try {
    if (form.intent === "delete-account") {
      const parsed = deleteAccountSchema.safeParse(form);
      if (!parsed.success) {
        return data({ intent: "delete", ok: false, message: firstIssue(parsed.error) }, { status: 400 });
      }
      throw redirect("/account/deleted", {
        headers: await deleteOwnAccount(auth, request.headers, parsed.data.password),
      });
    }
    if (form.intent === "revoke-other-sessions") {
      await revokeOtherSessions(db, auth, request.headers);
      return { intent: "sessions", ok: true, message: "Your other sessions were signed out." };
    }
    const parsed = changePasswordSchema.safeParse(form);
    if (!parsed.success) {
      return data({ intent: "password", ok: false, message: firstIssue(parsed.error) }, { status: 400 });
    }
    const { headers } = await changePassword(db, auth, request.headers, parsed.data);
    return data(
      { intent: "password", ok: true, message: "Your password was changed. Your other devices were signed out." },
      { headers },
    );
  } catch (error) {
    // Each form shows its own outcome: the intent names the form that failed.
    const intent =
      form.intent === "delete-account" ? "delete" : form.intent === "revoke-other-sessions" ? "sessions" : "password";
    return authFailure(error, { intent });
  }
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, "Settings");

const passwordFields = [
  { name: "currentPassword", label: "Current password", autoComplete: "current-password" },
  { name: "newPassword", label: "New password", autoComplete: "new-password" },
  { name: "confirmPassword", label: "Confirm new password", autoComplete: "new-password" },
] as const;

export default function SettingsPage({ loaderData, actionData }: Route.ComponentProps) {
  const saving = useNavigation().state === "submitting";
  const passwordResult = actionData?.intent === "password" ? actionData : undefined;
  const sessionsResult = actionData?.intent === "sessions" ? actionData : undefined;
  const deleteResult = actionData?.intent === "delete" ? actionData : undefined;
  return (
    <Container className="max-w-3xl py-10">
      <h1 className="text-3xl font-bold">Settings</h1>
      <p className="mt-2 text-muted-foreground">Signed in as {loaderData.user.email}</p>
      <Card className="mt-6 p-6">
        <h2 className="text-xl font-semibold">Change password</h2>
        <Form method="post" className="mt-4 grid gap-4" key={passwordResult?.ok ? "saved" : "form"}>
          <FormStatus result={passwordResult} />
          <input type="hidden" name="intent" value="change-password" />
          {passwordFields.map((field) => (
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
      <Card className="mt-6 p-6">
        <h2 className="text-xl font-semibold">Where you're signed in</h2>
        <div className="mt-4 grid gap-4">
          <FormStatus result={sessionsResult} />
          <SessionList sessions={loaderData.sessions} />
          {loaderData.sessions.length > 1 ? (
            <Form method="post">
              <input type="hidden" name="intent" value="revoke-other-sessions" />
              <Button type="submit" variant="outline" disabled={saving}>
                Sign out of all other sessions
              </Button>
            </Form>
          ) : null}
        </div>
      </Card>
      <Card className="mt-6 p-6">
        <h2 className="text-xl font-semibold">Recent account activity</h2>
        <AccountActivity events={loaderData.events} />
      </Card>
      <Card className="mt-6 border-rose-200 p-6">
        <h2 className="text-xl font-semibold">Delete account</h2>
        <p className="mt-2 text-sm text-muted-foreground">
          This signs you out everywhere and deletes your account for good. It cannot be undone.
        </p>
        <Form method="post" className="mt-4 grid gap-4">
          <FormStatus result={deleteResult} />
          <input type="hidden" name="intent" value="delete-account" />
          <div className="grid gap-2">
            <Label htmlFor="delete-password">Password</Label>
            <Input id="delete-password" name="password" type="password" required autoComplete="current-password" />
          </div>
          <div className="grid gap-2">
            <Label htmlFor="delete-confirmation">Type DELETE to confirm</Label>
            <Input id="delete-confirmation" name="confirmation" required autoComplete="off" />
          </div>
          <div>
            <Button type="submit" variant="destructive" disabled={saving}>
              Delete my account
            </Button>
          </div>
        </Form>
      </Card>
    </Container>
  );
}
