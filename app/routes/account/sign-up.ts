import { signUp } from "@server/accounts/credentials.ts";
import { servicesContext } from "@server/http/context.ts";
import { signUpSchema } from "@shared/account-credentials-schema.ts";
import { data } from "react-router";
import { keepPageOnFault } from "~/lib/fetcher-fault";
import { parseSubmission, readForm } from "~/lib/form.server";
import { formAction } from "~/lib/refusal.server";
import type { Route } from "./+types/sign-up";

// Every accepted sign-up answers the same, whether the address was new or already had an
// account: only what was typed comes back (docs/decisions/016-sign-up-without-account-disclosure.md).
// Nobody is signed in here: the link emailed to the address does that.
export const action = formAction(async ({ request, context }: Route.ActionArgs) => {
  const services = context.get(servicesContext);
  const submission = parseSubmission(await readForm(request), signUpSchema);
  if (submission.status !== "success") {
    return data({ result: submission.reply({ hideFields: ["password", "confirmPassword"] }) }, { status: 400 });
  }
  const input = submission.value;
  await signUp({ ...services, limits: services.accountLimits, headers: request.headers }, input);
  return { ok: true as const, name: input.name, email: input.email, shopName: services.shopName };
});

export const clientAction = keepPageOnFault;
