import { signUp } from "@server/accounts/credentials.ts";
import { signUpSchema } from "@server/accounts/credentials-schema.ts";
import { servicesContext } from "@server/http/context.ts";
import { data } from "react-router";
import { firstIssue } from "~/lib/form-errors";
import { refusalResponse } from "~/lib/refusal.server";
import type { Route } from "./+types/sign-up";

// Every accepted sign-up answers the same, whether the address was new or already had an
// account: only what was typed comes back (docs/decisions/016-sign-up-without-account-disclosure.md).
// Nobody is signed in here: the link emailed to the address does that.
export async function action({ request, context }: Route.ActionArgs) {
  const services = context.get(servicesContext);
  const parsed = signUpSchema.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) return data({ ok: false as const, message: firstIssue(parsed.error) }, { status: 400 });
  try {
    await signUp({ ...services, limits: services.accountLimits, headers: request.headers }, parsed.data);
    return data({ ok: true as const, name: parsed.data.name, email: parsed.data.email, shopName: services.shopName });
  } catch (error) {
    return refusalResponse(error);
  }
}
