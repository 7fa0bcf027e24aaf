import {
  type PasskeyAssertion,
  passkeySignInOptions,
  SecondStepFailure,
  signIn,
  signInWithPasskey,
  verifySecondStep,
} from "@server/accounts/credentials.ts";
import { servicesContext } from "@server/http/context.ts";
import { signInSchema } from "@shared/account-credentials-schema.ts";
import { secondStepSchema } from "@shared/second-factor-schema.ts";
import { data } from "react-router";
import { z } from "zod";
import { keepPageOnFault } from "~/lib/fetcher-fault";
import { parseForm, parseIntent, parseSubmission, readForm } from "~/lib/form.server";
import { formAction, refusalResponse } from "~/lib/refusal.server";
import { adoptGuestShopper } from "~/lib/shopper.server";
import type { Route } from "./+types/sign-in";

// Signing in (the login modal, or a plain form post): the password, then for an account with
// two-factor sign-in on a second step with a code (`intent=second-step`); or a passkey, whose
// options the browser fetches first (`intent=passkey-options`, an answer of JSON for WebAuthn),
// then sends what the passkey signed (`intent=passkey`). Each step answers:
// - `{ ok: true, name }`: signed in (the session cookie is set);
// - `{ secondStep: true }`: the password was right, a code is needed next;
// - `{ ok: false, message, secondStep? }`: refused; `secondStep` if the code may be typed again.

const intentSchema = z.object({
  intent: z.enum(["password", "second-step", "passkey-options", "passkey"]).default("password"),
});

/** What the browser's WebAuthn gave, as the form sends it: JSON text. */
const passkeySchema = z.object({
  response: z
    .string()
    .max(20_000)
    .transform((text, context) => {
      try {
        const value: unknown = JSON.parse(text);
        if (value && typeof value === "object" && !Array.isArray(value)) return value as PasskeyAssertion;
      } catch {}
      context.addIssue({ code: "custom", message: "Your passkey's answer could not be read. Please try again." });
      return z.NEVER;
    }),
});

export const action = formAction(async ({ request, context }: Route.ActionArgs) => {
  const services = context.get(servicesContext);
  const form = await readForm(request);
  const auth = { ...services, limits: services.accountLimits, headers: request.headers };
  switch (parseIntent(form, intentSchema).intent) {
    case "password": {
      const submission = parseSubmission(form, signInSchema);
      if (submission.status !== "success") {
        return data({ result: submission.reply({ hideFields: ["password"] }) }, { status: 400 });
      }
      const outcome = await signIn(auth, submission.value);
      if ("secondStep" in outcome) return data({ secondStep: true as const }, { headers: outcome.headers });
      return signedIn(request, services.db, outcome);
    }
    case "second-step": {
      const submission = parseSubmission(form, secondStepSchema);
      if (submission.status !== "success") {
        return data({ secondStep: true as const, result: submission.reply({ hideFields: ["code"] }) }, { status: 400 });
      }
      try {
        return await signedIn(request, services.db, await verifySecondStep(auth, submission.value.code));
      } catch (error) {
        // A wrong code may be typed again; past the step's attempts or time, the password is asked again.
        if (error instanceof SecondStepFailure && error.askAgain) return refusalResponse(error, { secondStep: true });
        throw error;
      }
    }
    case "passkey-options": {
      const { headers, options } = await passkeySignInOptions(auth);
      return data({ ok: true as const, options }, { headers });
    }
    case "passkey": {
      const { response } = parseForm(form, passkeySchema);
      return signedIn(request, services.db, await signInWithPasskey(auth, response));
    }
  }
});

async function signedIn(
  request: Request,
  db: Parameters<typeof adoptGuestShopper>[0],
  { headers, user }: { headers: Headers; user: { id: string; name: string } },
) {
  await adoptGuestShopper(db, request, user.id, headers);
  return data({ ok: true as const, name: user.name }, { headers });
}

/** In the browser: a fault answers `{ ok: false, message }` for the toast, and the page stays. */
export const clientAction = keepPageOnFault;
