import { addPasskey, passkeyRegistrationOptions } from "@server/accounts/second-factor-settings.ts";
import { addPasskeySchema, passkeyNameSchema } from "@shared/second-factor-schema.ts";
import { data } from "react-router";
import { z } from "zod";
import { parseForm, parseIntent, readForm } from "~/lib/form.server";
import { formAction } from "~/lib/refusal.server";
import { requireUser } from "~/lib/require-user.server";
import { secondFactorContext } from "~/lib/second-factor.server";
import type { Route } from "./+types/passkeys";

// Adding a passkey from Settings (passkey-settings.tsx), in two posts that answer JSON: the
// browser's WebAuthn needs the creation options at once (`intent=options`, after the password; the
// answer sets the challenge's cookie), then the shop keeps what it made (`intent=add`). Listing and
// removing are Settings' own (settings.tsx).

const intentSchema = z.object({ intent: z.enum(["options", "add"]) });

const addSchema = z.object({
  name: passkeyNameSchema,
  response: z
    .string()
    .max(20_000)
    .transform((text, context) => {
      try {
        return JSON.parse(text) as unknown;
      } catch {
        context.addIssue({ code: "custom", message: "Your browser's passkey could not be read. Please try again." });
        return z.NEVER;
      }
    }),
});

export const action = formAction(async ({ request, context }: Route.ActionArgs) => {
  await requireUser(request, context);
  const form = await readForm(request);
  const changes = secondFactorContext(request, context);
  switch (parseIntent(form, intentSchema).intent) {
    case "options": {
      const { password } = parseForm(form, addPasskeySchema);
      const { headers, options } = await passkeyRegistrationOptions(changes, password || undefined);
      return data({ ok: true as const, options }, { headers });
    }
    case "add": {
      const { name, response } = parseForm(form, addSchema);
      const added = await addPasskey(changes, { name, response });
      return { ok: true as const, message: `Your passkey “${added.name}” was added.` };
    }
  }
});
