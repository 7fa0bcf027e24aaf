import { getFormProps } from "@conform-to/react";
import { MIN_PASSWORD_LENGTH, signInSchema, signUpFormSchema } from "@shared/account-credentials-schema.ts";
import { secondStepSchema } from "@shared/second-factor-schema.ts";
import {
  type AuthenticationResponseJSON,
  browserSupportsWebAuthn,
  type PublicKeyCredentialRequestOptionsJSON,
  startAuthentication,
} from "@simplewebauthn/browser";
import { KeyRound } from "lucide-react";
import { Dialog, Tabs } from "radix-ui";
import { useEffect, useRef, useState } from "react";
import { type FetcherWithComponents, Link, useFetcher } from "react-router";
import { hintIdOf, InputField, replyOf, useSchemaForm } from "~/components/forms/form-field";
import { PanelDialog } from "~/components/layout/panel-dialog";
import { useShopDialogs } from "~/components/layout/shop-dialogs";
import { Button } from "~/components/ui/button";
import { postForJson } from "~/lib/post-for-json";
import { toast } from "~/lib/toast";
import { ACCOUNT_FETCHERS } from "./account-toasts";
import { GoogleSignInButton } from "./google-sign-in-button";
import type { DemoAccount } from "./login-button";
import { passkeyProblem } from "./passkey-browser";

// The login / sign-up modal. Both forms are checked with their
// schema (decision 029): each field's problem beside it, and what was typed kept when the server
// says no; on success the page shows the user menu instead of this modal. Signing in may take a
// second step (two-factor sign-in), or a passkey (docs/decisions/055-two-factor-and-passkeys.md).
// The toasts are AccountToasts' (account-toasts.tsx). Its code is loaded when it first opens.

/**
 * One modal for the page, opened by any Login button (or by Follow, for a visitor). `next`: the
 * page to go to once signed in (the header goes there after a password; Google comes back to it).
 */
export function LoginDialog({
  demoAccounts,
  googleSignIn,
  next,
}: {
  demoAccounts: DemoAccount[];
  googleSignIn: boolean;
  next: string | null;
}) {
  const { open, setOpen, restoreFocus } = useShopDialogs().login;
  return (
    <PanelDialog
      title="Welcome"
      description="Sign in to your account or create a new one."
      open={open}
      onOpenChange={setOpen}
      onCloseAutoFocus={restoreFocus}
    >
      <Tabs.Root defaultValue="login">
        <Tabs.List aria-label="Sign in or register" className="grid grid-cols-2 rounded-md bg-muted p-1">
          {(["login", "register"] as const).map((tab) => (
            <Tabs.Trigger
              key={tab}
              value={tab}
              className="rounded-sm py-1.5 text-sm font-medium text-muted-foreground data-[state=active]:bg-background data-[state=active]:text-foreground data-[state=active]:shadow-sm"
            >
              {tab === "login" ? "Login" : "Register"}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        <Tabs.Content value="login" className="mt-4">
          <LoginForm demoAccounts={demoAccounts} />
        </Tabs.Content>
        <Tabs.Content value="register" className="mt-4">
          <RegisterForm />
        </Tabs.Content>
      </Tabs.Root>
      {/* Google's button only where Google sign-in is set up (GOOGLE_CLIENT_ID): no dead button. */}
      {googleSignIn ? (
        <>
          <div className="mt-6 flex items-center gap-3 text-xs text-muted-foreground">
            <span className="h-px flex-1 bg-border" /> or <span className="h-px flex-1 bg-border" />
          </div>
          <GoogleSignInButton next={next} className="mt-4 w-full" />
        </>
      ) : null}
    </PanelDialog>
  );
}

/** What /account/sign-in answers the login form's fetcher (app/routes/account/sign-in.ts). */
type SignInAnswer = { ok?: boolean; message?: string; secondStep?: boolean; result?: unknown };

// The password, then for an account with two-factor sign-in on a code (the answer says
// `secondStep`), in place of the password form; or a passkey, where the browser has WebAuthn.
function LoginForm({ demoAccounts }: { demoAccounts: DemoAccount[] }) {
  const fetcher = useFetcher<SignInAnswer>({ key: ACCOUNT_FETCHERS.signIn });
  const answer = fetcher.state === "idle" ? fetcher.data : undefined;
  const [askingCode, setAskingCode] = useState(false);
  useEffect(() => {
    if (answer) setAskingCode(answer.secondStep === true);
  }, [answer]);
  if (askingCode) return <SecondStepForm fetcher={fetcher} onBack={() => setAskingCode(false)} />;
  return <PasswordForm fetcher={fetcher} demoAccounts={demoAccounts} />;
}

type SignInFetcher = FetcherWithComponents<SignInAnswer>;

function PasswordForm({ fetcher, demoAccounts }: { fetcher: SignInFetcher; demoAccounts: DemoAccount[] }) {
  const busy = fetcher.state !== "idle";
  // Email and password are required: the schema sends nothing while either is empty.
  const [form, fields] = useSchemaForm(signInSchema, { lastResult: busy ? undefined : replyOf(fetcher.data) });
  return (
    <fetcher.Form method="post" action="/account/sign-in" {...getFormProps(form)} className="grid gap-4">
      <InputField field={fields.email} label="Email" type="email" autoComplete="email" />
      <InputField field={fields.password} label="Password" type="password" autoComplete="current-password" />
      <Button type="submit" disabled={busy}>
        {busy ? "Signing in..." : "Sign In"}
      </Button>
      <PasskeySignInButton fetcher={fetcher} />
      <Dialog.Close asChild>
        <Link
          to="/account/forgot-password"
          className="justify-self-center text-sm text-primary underline-offset-4 hover:underline"
        >
          Forgot your password?
        </Link>
      </Dialog.Close>
      {/* Only a demo shop has demo accounts (SHOP_MODE). */}
      {demoAccounts.length > 0 ? (
        <div className="rounded-md border border-dashed border-border p-3 text-sm">
          <p className="font-medium">Demo accounts</p>
          <ul className="mt-2 grid gap-2">
            {demoAccounts.map((demo) => (
              <li key={demo.email} className="flex flex-wrap items-center justify-between gap-2">
                <span className="text-muted-foreground">
                  {demo.isSeller ? "Seller" : "Buyer"}: {demo.email} / {demo.password}
                </span>
                <Button
                  type="button"
                  variant="outline"
                  size="sm"
                  onClick={() => form.update({ value: { email: demo.email, password: demo.password } })}
                >
                  Use {demo.isSeller ? "seller" : "buyer"} demo
                </Button>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </fetcher.Form>
  );
}

/**
 * The second step: a code from the authenticator app, or a backup code. A wrong code is said by the
 * toast (AccountToasts) and may be typed again; past the step's tries or time, the form goes back
 * to the password.
 */
function SecondStepForm({ fetcher, onBack }: { fetcher: SignInFetcher; onBack: () => void }) {
  const busy = fetcher.state !== "idle";
  const [backupCode, setBackupCode] = useState(false);
  const [form, fields] = useSchemaForm(secondStepSchema, {
    id: "second-step",
    lastResult: busy ? undefined : replyOf(fetcher.data),
  });
  const codeInput = useRef<HTMLInputElement>(null);
  // The step replaces the password form: the code's field takes the focus, as it does on a switch.
  useEffect(() => codeInput.current?.focus(), [backupCode]);
  return (
    <fetcher.Form method="post" action="/account/sign-in" {...getFormProps(form)} className="grid gap-4">
      <input type="hidden" name="intent" value="second-step" />
      <div className="grid gap-1">
        <h3 className="font-semibold">Two-factor sign-in</h3>
        <p className="text-sm text-muted-foreground">
          {backupCode
            ? "Enter one of the backup codes you kept when you turned two-factor sign-in on. Each one works once."
            : "Enter the 6-digit code your authenticator app shows for this shop."}
        </p>
      </div>
      <InputField
        key={backupCode ? "backup" : "app"}
        ref={codeInput}
        field={fields.code}
        label={backupCode ? "Backup code" : "Authentication code"}
        autoComplete="one-time-code"
        inputMode={backupCode ? "text" : "numeric"}
        autoCapitalize="off"
        spellCheck={false}
      />
      <Button type="submit" disabled={busy}>
        {busy ? "Checking..." : "Verify"}
      </Button>
      <div className="flex flex-wrap justify-between gap-2">
        <Button type="button" variant="link" size="sm" onClick={() => setBackupCode(!backupCode)}>
          {backupCode ? "Use your authenticator app" : "Use a backup code"}
        </Button>
        <Button type="button" variant="ghost" size="sm" onClick={onBack}>
          Back to email and password
        </Button>
      </div>
    </fetcher.Form>
  );
}

/**
 * "Sign in with a passkey", only where the browser has WebAuthn: the options come first (with
 * their challenge's cookie), then the browser asks for the passkey, and what it signed goes
 * through the form's fetcher, so that the toast and the page follow as after a password.
 */
function PasskeySignInButton({ fetcher }: { fetcher: SignInFetcher }) {
  const [supported, setSupported] = useState(false);
  const [waiting, setWaiting] = useState(false);
  useEffect(() => setSupported(browserSupportsWebAuthn()), []);
  if (!supported) return null;
  async function signInWithPasskey() {
    setWaiting(true);
    try {
      const answer = await postForJson<{ ok: true; options: PublicKeyCredentialRequestOptionsJSON }>(
        "/account/sign-in",
        { intent: "passkey-options" },
      );
      if (!answer.ok) return toast.error("Login failed", { description: answer.message });
      let response: AuthenticationResponseJSON;
      try {
        response = await startAuthentication({ optionsJSON: answer.options });
      } catch (error) {
        return toast.error("Login failed", { description: passkeyProblem(error, "sign-in") });
      }
      await fetcher.submit(
        { intent: "passkey", response: JSON.stringify(response) },
        { method: "post", action: "/account/sign-in" },
      );
    } finally {
      setWaiting(false);
    }
  }
  return (
    <Button type="button" variant="outline" disabled={waiting || fetcher.state !== "idle"} onClick={signInWithPasskey}>
      <KeyRound aria-hidden="true" />
      {waiting ? "Waiting for your passkey..." : "Sign in with a passkey"}
    </Button>
  );
}

// A new account signs in through the link emailed to its address (decision 016): after
// "Create Account" the tab says so, in place, and forgets the passwords typed.
function RegisterForm() {
  const fetcher = useFetcher<{ ok: boolean; email?: string }>({ key: ACCOUNT_FETCHERS.signUp });
  const busy = fetcher.state !== "idle";
  const result = busy ? undefined : fetcher.data;
  const sentTo = result?.ok ? result.email : undefined;
  const [form, fields] = useSchemaForm(signUpFormSchema, { lastResult: replyOf(result) });
  useEffect(() => {
    if (!result?.ok) return;
    for (const field of [fields.password, fields.confirmPassword]) {
      form.update({ name: field.name, value: "", validated: false });
    }
  }, [result]);
  // Submit stays disabled until the passwords match and are long enough
  // (decision 007); the reason shows beside its field as it is typed, and the button names it.
  const password = fields.password.value ?? "";
  const confirmation = fields.confirmPassword.value ?? "";
  const tooShort = password.length > 0 && password.length < MIN_PASSWORD_LENGTH;
  const mismatched = confirmation.length > 0 && password !== confirmation;
  const ready = password.length > 0 && !tooShort && password === confirmation;
  const reasons = [tooShort ? hintIdOf(fields.password) : null, mismatched ? hintIdOf(fields.confirmPassword) : null]
    .filter(Boolean)
    .join(" ");
  return (
    <fetcher.Form method="post" action="/account/sign-up" {...getFormProps(form)} className="grid gap-4">
      {sentTo ? (
        <p role="status" className="rounded-md bg-emerald-50 p-3 text-sm text-success">
          Check your inbox: we sent a link to {sentTo}. Open it to confirm your email address and sign in.
        </p>
      ) : null}
      <InputField field={fields.name} label="Full Name" autoComplete="name" />
      <InputField field={fields.email} label="Email" type="email" autoComplete="email" />
      <InputField
        field={fields.password}
        label="Password"
        type="password"
        autoComplete="new-password"
        hint={
          tooShort ? (
            <span className="text-destructive">
              Too short: {password.length} of at least {MIN_PASSWORD_LENGTH} characters.
            </span>
          ) : (
            `At least ${MIN_PASSWORD_LENGTH} characters.`
          )
        }
      />
      <InputField
        field={fields.confirmPassword}
        label="Confirm Password"
        type="password"
        autoComplete="new-password"
        hint={mismatched ? <span className="text-destructive">The passwords do not match.</span> : undefined}
      />
      <Button type="submit" disabled={busy || !ready} aria-describedby={reasons || undefined}>
        {busy ? "Creating account..." : "Create Account"}
      </Button>
    </fetcher.Form>
  );
}
