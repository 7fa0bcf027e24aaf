import { sellerAtDeletion, sellerDeletionNotice } from "@server/accounts/account-deletion.ts";
import {
  changePassword,
  deleteOwnAccount,
  deleteOwnAccountWithoutPassword,
  listOwnSessions,
  requestEmailChange,
  resendEmailConfirmation,
  revokeOtherSessions,
} from "@server/accounts/account-settings.ts";
import { listAuthEvents } from "@server/accounts/auth-events.ts";
import {
  accountHasPassword,
  backupCodesToShow,
  confirmTwoFactor,
  remakeBackupCodes,
  removePasskey,
  secondFactorStatus,
  setupToShowAgain,
  startTwoFactor,
  turnOffTwoFactor,
  WrongSetupCode,
} from "@server/accounts/second-factor-settings.ts";
import { assertNotSharedDemoAccount } from "@server/accounts/shared-demo-accounts.ts";
import { emailChoices, setEmailChoices, topicsFromForm } from "@server/email/email-preferences.ts";
import { servicesContext } from "@server/http/context.ts";
import {
  changeEmailSchema,
  changePasswordSchema,
  deleteAccountSchema,
  deleteAccountWithoutPasswordSchema,
} from "@shared/account-credentials-schema.ts";
import {
  confirmTwoFactorSchema,
  newBackupCodesSchema,
  removePasskeySchema,
  startTwoFactorSchema,
  turnOffTwoFactorSchema,
} from "@shared/second-factor-schema.ts";
import { data, redirect, useNavigation, useSearchParams } from "react-router";
import { z } from "zod";
import { AccountActivity } from "~/components/account/account-activity";
import { DeleteAccountSettings } from "~/components/account/delete-account-settings";
import { EmailSettings } from "~/components/account/email-settings";
import { FormStatus } from "~/components/account/form-status";
import { NotificationSettings } from "~/components/account/notification-settings";
import { PasskeySettings } from "~/components/account/passkey-settings";
import { PasswordSettings } from "~/components/account/password-settings";
import { PersonalDataSettings } from "~/components/account/personal-data-settings";
import { SessionSettings } from "~/components/account/session-settings";
import { TwoFactorSettings } from "~/components/account/two-factor-settings";
import { Card } from "~/components/ui/card";
import { Container } from "~/components/ui/page";
import { doneIn } from "~/lib/action-result";
import { parseForm, parseIntent, parseSubmission, readForm } from "~/lib/form.server";
import { pageMeta } from "~/lib/meta";
import { formAction, pageLoader, refusalResponse } from "~/lib/refusal.server";
import { requireUser } from "~/lib/require-user.server";
import { secondFactorContext } from "~/lib/second-factor.server";
import type { Route } from "./+types/settings";

export const loader = pageLoader(async ({ request, context }: Route.LoaderArgs) => {
  const user = await requireUser(request, context);
  const { db, auth, supportEmail } = context.get(servicesContext);
  const changes = secondFactorContext(request, context);
  // Just after two-factor sign-in was turned on (a redirect: see the action), its backup codes, once.
  const showCodes = new URL(request.url).searchParams.get(SHOW_CODES);
  const [sessions, events, emails, secondFactors, backupCodes, seller] = await Promise.all([
    listOwnSessions(auth, request.headers),
    listAuthEvents(db, user.id),
    emailChoices(db, user.email),
    secondFactorStatus(changes),
    showCodes ? backupCodesToShow(changes, showCodes.slice(0, 100)) : null,
    sellerAtDeletion(db, user.id),
  ]);
  // What deleting the account would do to a seller's shop and its money, said before they do it.
  const deletionNotice = seller ? sellerDeletionNotice(seller, supportEmail) : [];
  return { user, sessions, events, emails, secondFactors, backupCodes, deletionNotice };
});

/** The address after turning two-factor sign-in on: `?codes=` shows its backup codes once. */
const SHOW_CODES = "codes";
/** The address after turning it off: the section says it is off. */
const TWO_FACTOR_OFF = "two-factor=off";

// Each form names itself with `intent`; its outcome comes back under the same intent, so that
// the message (or its fields' problems) shows in the form that was sent. An intent not in this
// list is refused.
type Intent =
  | "email"
  | "confirmation"
  | "password"
  | "two-factor"
  | "passkeys"
  | "sessions"
  | "notifications"
  | "delete";
const intents = {
  "change-email": "email",
  "resend-confirmation": "confirmation",
  "change-password": "password",
  "two-factor-start": "two-factor",
  "two-factor-confirm": "two-factor",
  "two-factor-off": "two-factor",
  "backup-codes": "two-factor",
  "passkey-remove": "passkeys",
  "revoke-other-sessions": "sessions",
  "email-topics": "notifications",
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
  const asked = parseIntent(form, intentSchema).intent;
  const intent = intents[asked];
  try {
    if (LOCKED_FOR_DEMO.has(intent)) assertNotSharedDemoAccount(shopMode, user.email);
    // Two-factor sign-in and passkeys: each refuses a shared demo account itself, with its own reason.
    if (intent === "two-factor" || intent === "passkeys") {
      return await secondFactorAction(asked, form, secondFactorContext(request, context));
    }
    switch (intent) {
      case "email": {
        const submission = parseSubmission(form, changeEmailSchema);
        if (submission.status !== "success") return data({ intent, result: submission.reply() }, { status: 400 });
        const { newEmail } = submission.value;
        await requestEmailChange({ db, auth, limits, headers }, newEmail);
        return {
          intent,
          ok: true,
          message: `We sent a confirmation link to ${newEmail}. Your email address changes when you open it.`,
          result: submission.reply({ resetForm: true }),
        };
      }
      case "confirmation":
        await resendEmailConfirmation({ db, auth, limits, headers });
        return { intent, ok: true, message: "We sent you a new confirmation link. Check your inbox." };
      case "sessions":
        await revokeOtherSessions(db, auth, headers);
        return { intent, ok: true, message: "Your other sessions were signed out." };
      case "notifications": {
        // By address, as the emails' own unsubscribe link does: buyers may be guests too.
        await setEmailChoices(db, user.email, topicsFromForm(Object.fromEntries(form)));
        return { intent, ok: true, message: "Your email preferences were saved." };
      }
      case "delete": {
        // An account that signs in with Google alone has no password: a recent sign-in stands for it.
        if (!(await accountHasPassword(db, user.id))) {
          const submission = parseSubmission(form, deleteAccountWithoutPasswordSchema);
          if (submission.status !== "success") return data({ intent, result: submission.reply() }, { status: 400 });
          throw redirect("/account/deleted", { headers: await deleteOwnAccountWithoutPassword(db, auth, headers) });
        }
        const submission = parseSubmission(form, deleteAccountSchema);
        if (submission.status !== "success") {
          return data({ intent, result: submission.reply({ hideFields: ["password"] }) }, { status: 400 });
        }
        throw redirect("/account/deleted", {
          headers: await deleteOwnAccount(auth, headers, submission.value.password),
        });
      }
      case "password": {
        const submission = parseSubmission(form, changePasswordSchema);
        if (submission.status !== "success") {
          const hideFields = ["currentPassword", "newPassword", "confirmPassword"];
          return data({ intent, result: submission.reply({ hideFields }) }, { status: 400 });
        }
        // The change replaces this device's session: the page is loaded again with the new one (a
        // page rendered in this request would read the old, revoked cookie and sign the visitor out).
        const { currentPassword, newPassword } = submission.value;
        const result = await changePassword(db, { auth, headers, currentPassword, newPassword });
        throw redirect(`/account/settings?${PASSWORD_CHANGED}`, { headers: result.headers });
      }
    }
  } catch (error) {
    return refusalResponse(error, { intent });
  }
});

/**
 * The forms of the Two-factor sign-in and Passkeys sections. Turning two-factor sign-in on or off
 * replaces this device's session, so those answer with a redirect (as a changed password does):
 * a page rendered in this request would read the old cookie and sign the visitor out.
 */
async function secondFactorAction(
  asked: keyof typeof intents,
  form: FormData,
  changes: ReturnType<typeof secondFactorContext>,
) {
  const optional = (password: string | undefined) => password || undefined;
  switch (asked) {
    case "two-factor-start": {
      const { password } = parseForm(form, startTwoFactorSchema);
      const setup = await startTwoFactor(changes, optional(password));
      return {
        intent: "two-factor" as const,
        ok: true,
        message: "Now set up your authenticator app: scan the QR code, then enter the code it shows.",
        setup,
      };
    }
    case "two-factor-confirm": {
      const submission = parseSubmission(form, confirmTwoFactorSchema);
      if (submission.status !== "success") {
        const uri = form.get("uri");
        const setup = typeof uri === "string" ? await setupToShowAgain(changes, uri) : undefined;
        return data(
          { intent: "two-factor" as const, result: submission.reply({ hideFields: ["code"] }), setup },
          { status: 400 },
        );
      }
      try {
        const { headers, showCodes } = await confirmTwoFactor(changes, submission.value);
        throw redirect(`/account/settings?${SHOW_CODES}=${showCodes}#two-factor`, { headers });
      } catch (error) {
        // A wrong first code: the setup stays on the page, to try again with the next code.
        if (error instanceof WrongSetupCode && error.setup) {
          return refusalResponse(error, { intent: "two-factor" as const, setup: error.setup });
        }
        throw error;
      }
    }
    case "two-factor-off": {
      const { password, code } = parseForm(form, turnOffTwoFactorSchema);
      const { headers } = await turnOffTwoFactor(changes, { password: optional(password), code });
      throw redirect(`/account/settings?${TWO_FACTOR_OFF}#two-factor`, { headers });
    }
    case "backup-codes": {
      const { password } = parseForm(form, newBackupCodesSchema);
      const backupCodes = await remakeBackupCodes(changes, optional(password));
      return {
        intent: "two-factor" as const,
        ok: true,
        message: "Here are your new backup codes. The earlier ones no longer work.",
        backupCodes,
      };
    }
    case "passkey-remove": {
      const { passkeyId } = parseForm(form, removePasskeySchema);
      await removePasskey(changes, passkeyId);
      return { intent: "passkeys" as const, ok: true, message: "The passkey was removed." };
    }
    default:
      throw new Error(`Not a two-factor or passkey form: ${asked}`);
  }
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, "Settings");

const PASSWORD_CHANGED = "password=changed";
const passwordChanged = {
  intent: "password",
  ok: true,
  message: "Your password was changed. Your other devices were signed out.",
} as const;

export default function SettingsPage({ loaderData, actionData }: Route.ComponentProps) {
  const saving = useNavigation().state === "submitting";
  const answerOf = (intent: Intent) =>
    actionData && "intent" in actionData && actionData.intent === intent ? actionData : undefined;
  // A form the page could not read at all (no known intent) is answered at the top.
  const unread = actionData && !("intent" in actionData) ? actionData : undefined;
  const [searchParams] = useSearchParams();
  const passwordAnswer =
    answerOf("password") ?? (searchParams.toString() === PASSWORD_CHANGED ? passwordChanged : undefined);
  const { user } = loaderData;
  return (
    <Container className="max-w-3xl py-10">
      <h1 className="text-3xl font-bold">Settings</h1>
      <FormStatus result={unread} />
      <p className="mt-2 text-muted-foreground">Signed in as {user.email}</p>
      <EmailSettings user={user} confirmation={answerOf("confirmation")} change={answerOf("email")} saving={saving} />
      {/* A changed password empties the form: it is a new one. */}
      <PasswordSettings key={doneIn(passwordAnswer) ? "saved" : "form"} answer={passwordAnswer} saving={saving} />
      <TwoFactorSettings
        status={loaderData.secondFactors}
        answer={answerOf("two-factor") ?? twoFactorAfterRedirect(searchParams, loaderData.backupCodes)}
        saving={saving}
      />
      <PasskeySettings status={loaderData.secondFactors} answer={answerOf("passkeys")} saving={saving} />
      <SessionSettings sessions={loaderData.sessions} answer={answerOf("sessions")} saving={saving} />
      <NotificationSettings emails={loaderData.emails} answer={answerOf("notifications")} saving={saving} />
      <Card className="mt-6 p-6">
        <h2 className="text-xl font-semibold">Recent account activity</h2>
        <AccountActivity events={loaderData.events} />
      </Card>
      <PersonalDataSettings />
      <DeleteAccountSettings
        answer={answerOf("delete")}
        saving={saving}
        notice={loaderData.deletionNotice}
        hasPassword={loaderData.secondFactors.hasPassword}
      />
    </Container>
  );
}

/** What the Two-factor sign-in section says after a redirect: turned on (its backup codes, once) or off. */
function twoFactorAfterRedirect(searchParams: URLSearchParams, backupCodes: string[] | null) {
  if (backupCodes) {
    return {
      ok: true,
      message: "Two-factor sign-in is on. Your other sessions were signed out.",
      backupCodes,
    };
  }
  if (searchParams.toString() === TWO_FACTOR_OFF) return { ok: true, message: "Two-factor sign-in is off." };
  return undefined;
}
