import { signUp } from "@server/accounts/credentials.ts";
import { signUpSchema } from "@server/accounts/credentials-schema.ts";
import { servicesContext } from "@server/http/context.ts";
import { data } from "react-router";
import { firstIssue } from "~/lib/form-errors";
import { refusalResponse } from "~/lib/refusal.server";
import { adoptGuestShopper } from "~/lib/shopper.server";
import type { Route } from "./+types/sign-up";

export async function action({ request, context }: Route.ActionArgs) {
  const services = context.get(servicesContext);
  const parsed = signUpSchema.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) return data({ ok: false as const, message: firstIssue(parsed.error) }, { status: 400 });
  try {
    const { headers, user } = await signUp(
      { ...services, limits: services.accountLimits, headers: request.headers },
      parsed.data,
    );
    await adoptGuestShopper(services.db, request, user.id, headers);
    return data({ ok: true as const, name: user.name, shopName: services.shopName }, { headers });
  } catch (error) {
    return refusalResponse(error);
  }
}
