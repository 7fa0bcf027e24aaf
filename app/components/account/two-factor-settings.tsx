import { getFormProps } from "@conform-to/react";
import type { SecondFactorStatus } from "@server/accounts/second-factor-settings.ts";
import type { TotpSetup } from "@server/accounts/totp-setup.ts";
import { confirmTwoFactorSchema } from "@shared/second-factor-schema.ts";
import { Form, Link } from "react-router";
import { InputField, replyOf, useSchemaForm } from "~/components/forms/form-field";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Input, Label } from "~/components/ui/input";
import { BackupCodes } from "./backup-codes";
import { FormStatus } from "./form-status";

/** What the action (or the page after its redirect) answers this section. */
export type TwoFactorAnswer =
  | { ok: boolean; message?: string; setup?: TotpSetup; backupCodes?: string[] }
  | { result: unknown; setup?: TotpSetup };

/**
 * Settings: two-factor sign-in. Off: turn it on with the password, then scan the QR code (or type
 * the key) into an authenticator app and confirm its first code; the backup codes are shown once.
 * On: new backup codes (the password again), or turn it off (the password and a code).
 */
export function TwoFactorSettings({
  status,
  answer,
  saving,
}: {
  status: SecondFactorStatus;
  answer: TwoFactorAnswer | undefined;
  saving: boolean;
}) {
  const outcome = answer && "ok" in answer ? answer : undefined;
  // Shown again after a wrong first code, to try the next one.
  const setup = answer?.setup;
  return (
    <Card className="mt-6 p-6" id="two-factor">
      <h2 className="text-xl font-semibold">Two-factor sign-in</h2>
      <p className="mt-2 text-sm text-muted-foreground">
        After your password, signing in also asks for a code from an authenticator app on your phone (such as Google
        Authenticator, Microsoft Authenticator or 1Password), so that your password alone is not enough. Sellers need it
        (or a passkey) to connect or change their payout account.
      </p>
      {status.demoLocked ? (
        <DemoLocked />
      ) : (
        <div className="mt-4 grid gap-4">
          {outcome?.message ? <FormStatus result={{ ok: outcome.ok, message: outcome.message }} /> : null}
          {outcome?.backupCodes ? <BackupCodes codes={outcome.backupCodes} /> : null}
          {status.twoFactorOn ? (
            <TwoFactorOn status={status} saving={saving} />
          ) : setup ? (
            <ConfirmSetup setup={setup} answer={answer} saving={saving} />
          ) : (
            <TurnOn hasPassword={status.hasPassword} saving={saving} />
          )}
        </div>
      )}
    </Card>
  );
}

export function DemoLocked() {
  return (
    <p className="mt-4 rounded-md bg-muted p-3 text-sm">
      This is a shared demo account: everyone who tries the demo signs in to it, so it cannot turn on two-factor sign-in
      or add passkeys (that would lock the others out). Create your own account to try these.
    </p>
  );
}

/** The password asked again, for an account that has one (one that signs in with Google has none). */
export function PasswordAgain({ hasPassword, id }: { hasPassword: boolean; id: string }) {
  if (!hasPassword) return null;
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>Your password</Label>
      <Input id={id} name="password" type="password" autoComplete="current-password" required maxLength={128} />
    </div>
  );
}

function TurnOn({ hasPassword, saving }: { hasPassword: boolean; saving: boolean }) {
  return (
    <Form method="post" className="grid gap-4 sm:max-w-sm">
      <input type="hidden" name="intent" value="two-factor-start" />
      <PasswordAgain hasPassword={hasPassword} id="two-factor-start-password" />
      <div>
        <Button type="submit" disabled={saving}>
          Turn on two-factor sign-in
        </Button>
      </div>
    </Form>
  );
}

/** The QR code (one SVG path drawn on the server: totp-setup.ts), the key as text, and the first code. */
function ConfirmSetup({
  setup,
  answer,
  saving,
}: {
  setup: TotpSetup;
  answer: TwoFactorAnswer | undefined;
  saving: boolean;
}) {
  const [form, fields] = useSchemaForm(confirmTwoFactorSchema, {
    id: "confirm-two-factor",
    lastResult: replyOf(answer),
  });
  return (
    <div className="grid gap-4">
      <ol className="grid list-decimal gap-4 pl-5 text-sm">
        <li>
          <p>Scan this QR code with your authenticator app.</p>
          <svg
            viewBox={`0 0 ${setup.qr.size} ${setup.qr.size}`}
            role="img"
            aria-label="QR code for your authenticator app (the key below says the same)"
            className="mt-3 size-48 rounded-md border border-border bg-white"
            shapeRendering="crispEdges"
          >
            <path d={setup.qr.path} fill="#000" />
          </svg>
          <p className="mt-3">Or, if you cannot scan it, type this key into the app (a time-based key):</p>
          <code className="mt-1 block rounded-md bg-muted px-3 py-2 font-mono text-base tracking-wide">
            {setup.secret}
          </code>
        </li>
        <li>Enter the 6-digit code the app then shows for this shop.</li>
      </ol>
      <Form method="post" {...getFormProps(form)} className="grid gap-4 sm:max-w-sm">
        <input type="hidden" name="intent" value="two-factor-confirm" />
        <input type="hidden" name="uri" value={setup.uri} />
        <InputField
          field={fields.code}
          label="Code from the app"
          autoComplete="one-time-code"
          inputMode="numeric"
          announce
        />
        <div className="flex flex-wrap gap-3">
          <Button type="submit" disabled={saving}>
            Confirm and turn on
          </Button>
          <Button asChild variant="ghost">
            <Link to="/account/settings#two-factor">Cancel</Link>
          </Button>
        </div>
      </Form>
    </div>
  );
}

function TwoFactorOn({ status, saving }: { status: SecondFactorStatus; saving: boolean }) {
  const left = status.backupCodesLeft ?? 0;
  return (
    <div className="grid gap-6">
      <p className="text-sm">
        <span className="font-medium text-success">Two-factor sign-in is on.</span>{" "}
        {left === 1 ? "1 backup code is left." : `${left} backup codes are left.`}
        {left <= 3 ? " Make new ones before they run out." : null}
      </p>
      <Form method="post" className="grid gap-3 sm:max-w-sm" aria-labelledby="new-backup-codes-title">
        <h3 id="new-backup-codes-title" className="font-semibold">
          New backup codes
        </h3>
        <p className="text-sm text-muted-foreground">The backup codes you have now stop working.</p>
        <input type="hidden" name="intent" value="backup-codes" />
        <PasswordAgain hasPassword={status.hasPassword} id="backup-codes-password" />
        <div>
          <Button type="submit" variant="outline" disabled={saving}>
            Make new backup codes
          </Button>
        </div>
      </Form>
      <Form method="post" className="grid gap-3 sm:max-w-sm" aria-labelledby="two-factor-off-title">
        <h3 id="two-factor-off-title" className="font-semibold">
          Turn off two-factor sign-in
        </h3>
        <p className="text-sm text-muted-foreground">
          Your password alone will sign in again. Without a passkey either, you cannot connect or change a payout
          account, nor use the admin console.
        </p>
        <input type="hidden" name="intent" value="two-factor-off" />
        <PasswordAgain hasPassword={status.hasPassword} id="two-factor-off-password" />
        <div className="grid gap-2">
          <Label htmlFor="two-factor-off-code">Code from your app, or a backup code</Label>
          <Input
            id="two-factor-off-code"
            name="code"
            autoComplete="one-time-code"
            autoCapitalize="off"
            spellCheck={false}
            required
            maxLength={40}
          />
        </div>
        <div>
          <Button type="submit" variant="destructive" disabled={saving}>
            Turn off
          </Button>
        </div>
      </Form>
    </div>
  );
}
