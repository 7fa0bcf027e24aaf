import { signIn } from "@server/accounts/credentials.ts";
import { servicesContext } from "@server/http/context.ts";
import { signInSchema } from "@shared/account-credentials-schema.ts";
import { data } from "react-router";
import { keepPageOnFault } from "~/lib/fetcher-fault";
import { parseSubmission, readForm } from "~/lib/form.server";
import { formAction } from "~/lib/refusal.server";
import { adoptGuestShopper } from "~/lib/shopper.server";
import type { Route } from "./+types/sign-in";

export const action = formAction(async ({ request, context }: Route.ActionArgs) => {
  const services = context.get(servicesContext);
  const submission = parseSubmission(await readForm(request), signInSchema);
  if (submission.status !== "success") {
    return data({ result: submission.reply({ hideFields: ["password"] }) }, { status: 400 });
  }
  const { headers, user } = await signIn(
    { ...services, limits: services.accountLimits, headers: request.headers },
    submission.value,
  );
  await adoptGuestShopper(services.db, request, user.id, headers);
  return data({ ok: true as const, name: user.name }, { headers });
});

/** In the browser: a fault answers `{ ok: false, message }` for the toast, and the page stays. */
export const clientAction = keepPageOnFault;
