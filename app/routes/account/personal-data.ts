import { collectPersonalData, personalDataFileName } from "@server/accounts/personal-data.ts";
import { isSharedDemoAccount } from "@server/accounts/shared-demo-accounts.ts";
import { servicesContext } from "@server/http/context.ts";
import { redirect } from "react-router";
import { requireUser } from "~/lib/require-user.server";
import type { Route } from "./+types/personal-data";

/**
 * GET: everything the shop keeps about the signed-in person, as a JSON file (Settings' Download your
 * data; GDPR Art. 15 and 20). Who asks is the session's account, read again here: the file is
 * theirs alone, and no cache keeps it. A shared demo account gets its own data, as its Settings
 * shows it to whoever uses it.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(request, context);
  const { db, shopName, shopMode } = context.get(servicesContext);
  const now = new Date();
  const data = await collectPersonalData(db, {
    userId: user.id,
    shopName,
    now,
    sharedDemoAccount: isSharedDemoAccount(shopMode, user),
  });
  // The account went away between the session's check and the reading (deleted meanwhile).
  if (!data) throw redirect("/");
  return new Response(`${JSON.stringify(data, null, 2)}\n`, {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="${personalDataFileName(shopName, now)}"`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
