import {
  changePassword,
  deleteOwnAccount,
  listOwnSessions,
  requestEmailChange,
  resendEmailConfirmation,
  revokeOtherSessions,
} from "@server/accounts/account-settings.ts";
import { listAuthEvents } from "@server/accounts/auth-events.ts";
import {
  changeEmailSchema,
  changePasswordSchema,
  deleteAccountSchema,
  MIN_PASSWORD_LENGTH,
} from "@server/accounts/credentials-schema.ts";
import { assertNotSharedDemoAccount } from "@server/accounts/demo-accounts.ts";
import { servicesContext } from "@server/http/context.ts";
import { parseForm, parseIntent } from "@server/lib/form-fields.ts";
import { Form, redirect, useNavigation, useSearchParams } from "react-router";
import { z } from "zod";
import { AccountActivity } from "~/components/account/account-activity";
import { FormStatus } from "~/components/account/form-status";
import { SessionList } from "~/components/account/session-list";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Input, Label } from "~/components/ui/input";
import { Container } from "~/components/ui/page";
import { readForm } from "~/lib/form.server";
import { pageMeta } from "~/lib/meta";
import { formAction, refusalResponse } from "~/lib/refusal.server";
import { requireUser } from "~/lib/require-user.server";
import type { Route } from "./+types/settings";

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(request, context);
  const { db, auth } = context.get(servicesContext);
  const [sessions, events] = await Promise.all([listOwnSessions(auth, request.headers), listAuthEvents(db, user.id)]);
  return { user, sessions, events };
}

// Each form names itself with `intent`; its outcome comes back under the same intent, so that
// the message shows under the form that was sent. An intent not in this list is refused.
type Intent = "email" | "confirmation" | "password" | "sessions" | "delete";
const intents = {
  "change-email": "email",
  "resend-confirmation": "confirmation",
  "change-password": "password",
  "revoke-other-sessions": "sessions",
  "delete-account": "delete",
} as const satisfies Record<string, Intent>;
const intentSchema = z.object({ intent: z.enum(Object.keys(intents) as Array<keyof typeof intents>) });
// What the demo accounts may not do in a demo shop: everyone shares them.
const LOCKED_FOR_DEMO: ReadonlySet<Intent> = new Set(["email", "password", "delete"]);

export const action = formAction(async ({ request, context }: Route.ActionArgs) => {
  const user = await requireUser(request, context);
  const { db, auth, accountLimits: limits, shopMode } = context.get(servicesContext);
  const headers = request.headers;
  const form = await readForm(request);
  const intent = intents[parseIntent(form, intentSchema).intent];
  try {
    if (LOCKED_FOR_DEMO.has(intent)) assertNotSharedDemoAccount(shopMode, user.email);
    switch (intent) {
      case "email": {
        const { newEmail } = parseForm(form, changeEmailSchema);
        await requestEmailChange({ db, auth, limits, headers }, newEmail);
        return {
          intent,
          ok: true,
          message: `We sent a confirmation link to ${newEmail}. Your email address changes when you open it.`,
        };
      }
      case "confirmation":
        await resendEmailConfirmation({ db, auth, limits, headers });
        return { intent, ok: true, message: "We sent you a new confirmation link. Check your inbox." };
      case "sessions":
        await revokeOtherSessions(db, auth, headers);
        return { intent, ok: true, message: "Your other sessions were signed out." };
      case "delete": {
        const { password } = parseForm(form, deleteAccountSchema);
        throw redirect("/account/deleted", { headers: await deleteOwnAccount(auth, headers, password) });
      }
      case "password": {
        // The change replaces this device's session: the page is loaded again with the new one (a
        // page rendered in this request would read the old, revoked cookie and sign the visitor out).
        const result = await changePassword(db, auth, headers, parseForm(form, changePasswordSchema));
        throw redirect(`/account/settings?${PASSWORD_CHANGED}`, { headers: result.headers });
      }
    }
  } catch (error) {
    return refusalResponse(error, { intent });
  }
});

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, "Settings");

const PASSWORD_CHANGED = "password=changed";
const passwordChanged = {
  intent: "password",
  ok: true,
  message: "Your password was changed. Your other devices were signed out.",
} as const;

const passwordFields = [
  { name: "currentPassword", label: "Current password", autoComplete: "current-password" },
  { name: "newPassword", label: "New password", autoComplete: "new-password" },
  { name: "confirmPassword", label: "Confirm new password", autoComplete: "new-password" },
] as const;

export default function SettingsPage({ loaderData, actionData }: Route.ComponentProps) {
  const saving = useNavigation().state === "submitting";
  const resultOf = (intent: Intent) =>
    actionData && "intent" in actionData && actionData.intent === intent ? actionData : undefined;
  // A form the page could not read at all (no known intent) is answered at the top.
  const unread = actionData && !("intent" in actionData) ? actionData : undefined;
  const [searchParams] = useSearchParams();
  const passwordResult =
    resultOf("password") ?? (searchParams.toString() === PASSWORD_CHANGED ? passwordChanged : undefined);
  const emailResult = resultOf("email");
  const { user } = loaderData;
  return (
    <Container className="max-w-3xl py-10">
      <h1 className="text-3xl font-bold">Settings</h1>
      <FormStatus result={unread} />
      <p className="mt-2 text-muted-foreground">Signed in as {user.email}</p>
      <Card className="mt-6 p-6">
        <div className="flex flex-wrap items-center gap-3">
          <h2 className="text-xl font-semibold">Email address</h2>
          {user.emailVerified ? (
            <Badge variant="success">Confirmed</Badge>
          ) : (
            <Badge variant="neutral">Not confirmed</Badge>
          )}
        </div>
        <p className="mt-2 text-sm text-muted-foreground">
          {user.emailVerified
            ? `Receipts and account messages go to ${user.email}.`
            : `Please confirm ${user.email} with the link we emailed you, so that you can also sign in with Google.`}
        </p>
        {user.emailVerified ? null : (
          <Form method="post" className="mt-4 grid gap-4">
            <FormStatus result={resultOf("confirmation")} />
            <input type="hidden" name="intent" value="resend-confirmation" />
            <div>
              <Button type="submit" variant="outline" disabled={saving}>
                Send a new confirmation link
              </Button>
            </div>
          </Form>
        )}
        <Form method="post" className="mt-4 grid gap-4" key={emailResult?.ok ? "sent" : "form"}>
          <FormStatus result={emailResult} />
          <input type="hidden" name="intent" value="change-email" />
          <div className="grid gap-2">
            <Label htmlFor="settings-newEmail">New email address</Label>
            <Input id="settings-newEmail" name="newEmail" type="email" required autoComplete="email" maxLength={254} />
          </div>
          <div>
            <Button type="submit" disabled={saving}>
              Change email
            </Button>
          </div>
        </Form>
      </Card>
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
          <FormStatus result={resultOf("sessions")} />
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
          <FormStatus result={resultOf("delete")} />
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
