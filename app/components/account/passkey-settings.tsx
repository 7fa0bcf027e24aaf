import type { SecondFactorStatus } from "@server/accounts/second-factor-settings.ts";
import { addPasskeySchema, PASSKEY_NAME_LENGTH } from "@shared/second-factor-schema.ts";
import {
  browserSupportsWebAuthn,
  type PublicKeyCredentialCreationOptionsJSON,
  type RegistrationResponseJSON,
  startRegistration,
} from "@simplewebauthn/browser";
import { KeyRound } from "lucide-react";
import { type FormEvent, useEffect, useState } from "react";
import { Form, useRevalidator } from "react-router";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Input, Label } from "~/components/ui/input";
import { postForJson, type Refused } from "~/lib/post-for-json";
import { formatWhen } from "./describe-device";
import { FormStatus } from "./form-status";
import { passkeyProblem } from "./passkey-browser";
import { outcomeOf, type SectionAnswer } from "./section-answer";
import { DemoLocked, PasswordAgain } from "./two-factor-settings";

/**
 * Settings: passkeys. Each one signs in without a password (a face, a fingerprint or a device's
 * PIN) and counts as a second factor. Listed with a Remove button (a plain form); adding one needs
 * the browser's WebAuthn, so that form shows only where the browser has it.
 */
export function PasskeySettings({
  status,
  answer,
  saving,
}: {
  status: SecondFactorStatus;
  answer: SectionAnswer | undefined;
  saving: boolean;
}) {
  return (
    <Card className="mt-6 p-6" id="passkeys">
      <h2 className="text-xl font-semibold">Passkeys</h2>
      <p className="mt-2 text-sm text-muted-foreground">
        A passkey signs you in with your face, fingerprint or device PIN instead of your password, and cannot be
        phished. It also counts as a second factor for payouts and the admin console.
      </p>
      {status.demoLocked ? (
        <DemoLocked />
      ) : (
        <div className="mt-4 grid gap-4">
          <FormStatus result={outcomeOf(answer)} />
          {status.passkeys.length === 0 ? (
            <p className="text-sm">You have no passkeys yet.</p>
          ) : (
            <ul className="grid gap-3" aria-label="Your passkeys">
              {status.passkeys.map((passkey) => (
                <li
                  key={passkey.id}
                  className="flex flex-wrap items-center justify-between gap-3 rounded-md border border-border p-3"
                >
                  <div className="flex min-w-0 items-center gap-3">
                    <KeyRound aria-hidden="true" className="size-5 shrink-0 text-muted-foreground" />
                    <div className="min-w-0">
                      <p className="break-words font-medium">{passkey.name}</p>
                      <p className="text-sm text-muted-foreground">
                        {passkey.synced ? "Synced to your other devices" : "On one device"}
                        {passkey.createdAt ? ` · added ${formatWhen(passkey.createdAt)}` : null}
                      </p>
                    </div>
                  </div>
                  <Form method="post">
                    <input type="hidden" name="intent" value="passkey-remove" />
                    <input type="hidden" name="passkeyId" value={passkey.id} />
                    <Button type="submit" variant="outline" size="sm" disabled={saving}>
                      Remove<span className="sr-only"> passkey {passkey.name}</span>
                    </Button>
                  </Form>
                </li>
              ))}
            </ul>
          )}
          <AddPasskey hasPassword={status.hasPassword} />
        </div>
      )}
    </Card>
  );
}

/**
 * Adding a passkey: its name and the password, then the browser makes it (WebAuthn's creation
 * options come first, from /account/passkeys with their challenge's cookie), and the shop keeps it.
 */
function AddPasskey({ hasPassword }: { hasPassword: boolean }) {
  const [supported, setSupported] = useState<boolean | null>(null);
  const [working, setWorking] = useState(false);
  const [outcome, setOutcome] = useState<{ ok: boolean; message: string } | undefined>();
  const revalidator = useRevalidator();
  useEffect(() => setSupported(browserSupportsWebAuthn()), []);
  if (supported === null) return null;
  if (!supported) {
    return <p className="text-sm text-muted-foreground">To add a passkey, use a browser that supports passkeys.</p>;
  }
  async function add(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const parsed = addPasskeySchema.safeParse(Object.fromEntries(new FormData(form)));
    if (!parsed.success) return setOutcome({ ok: false, message: parsed.error.issues[0]!.message });
    const { name, password = "" } = parsed.data;
    setWorking(true);
    setOutcome(undefined);
    try {
      const options = await postForJson<{ ok: true; options: PublicKeyCredentialCreationOptionsJSON }>(
        "/account/passkeys",
        { intent: "options", name, password },
      );
      if (!options.ok) return setOutcome(options);
      let response: RegistrationResponseJSON;
      try {
        response = await startRegistration({ optionsJSON: options.options });
      } catch (error) {
        return setOutcome({ ok: false, message: passkeyProblem(error, "add") });
      }
      const added = await postForJson<{ ok: true; message: string } | Refused>("/account/passkeys", {
        intent: "add",
        name,
        response: JSON.stringify(response),
      });
      setOutcome(added);
      if (added.ok) {
        form.reset();
        await revalidator.revalidate();
      }
    } finally {
      setWorking(false);
    }
  }
  return (
    <form onSubmit={add} className="grid gap-3 sm:max-w-sm" aria-labelledby="add-passkey-title" noValidate>
      <h3 id="add-passkey-title" className="font-semibold">
        Add a passkey
      </h3>
      <FormStatus result={outcome} />
      <div className="grid gap-2">
        <Label htmlFor="passkey-name">Name it</Label>
        <Input
          id="passkey-name"
          name="name"
          autoComplete="off"
          maxLength={PASSKEY_NAME_LENGTH}
          aria-describedby="passkey-name-hint"
        />
        <p id="passkey-name-hint" className="text-xs text-muted-foreground">
          Like “Work laptop” or “Phone”: the device or password manager that keeps it, to know it in this list.
        </p>
      </div>
      <PasswordAgain hasPassword={hasPassword} id="add-passkey-password" />
      <div>
        <Button type="submit" disabled={working}>
          <KeyRound aria-hidden="true" />
          {working ? "Waiting for your browser..." : "Add a passkey"}
        </Button>
      </div>
    </form>
  );
}
