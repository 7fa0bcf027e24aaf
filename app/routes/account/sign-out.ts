import { signOut } from "@server/accounts/credentials.ts";
import { servicesContext } from "@server/http/context.ts";
import { data } from "react-router";
import { z } from "zod";
import { keepPageOnFault } from "~/lib/fetcher-fault";
import { parseIntent, readForm } from "~/lib/form.server";
import { formAction } from "~/lib/refusal.server";
import type { Route } from "./+types/sign-out";

const signOutSchema = z.object({ intent: z.literal("sign-out") });

export const action = formAction(async ({ request, context }: Route.ActionArgs) => {
  const { db, auth } = context.get(servicesContext);
  parseIntent(await readForm(request), signOutSchema);
  const { headers } = await signOut({ db, auth, headers: request.headers });
  return data({ ok: true as const }, { headers });
});

/** In the browser: a fault answers `{ ok: false, message }` for the toast, and the page stays. */
export const clientAction = keepPageOnFault;
