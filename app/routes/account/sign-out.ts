import { signOut } from "@server/accounts/credentials.ts";
import { servicesContext } from "@server/http/context.ts";
import { data } from "react-router";
import { formAction } from "~/lib/refusal.server";
import type { Route } from "./+types/sign-out";

export const action = formAction(async ({ request, context }: Route.ActionArgs) => {
  const { db, auth } = context.get(servicesContext);
  const { headers } = await signOut({ db, auth, headers: request.headers });
  return data({ ok: true as const }, { headers });
});
