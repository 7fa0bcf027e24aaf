import type { SecondFactorContext } from "@server/accounts/second-factor-settings.ts";
import { queuedMailer } from "@server/email/queued-mailer.ts";
import { servicesContext } from "@server/http/context.ts";
import type { RouterContextProvider } from "react-router";

/** What Settings' two-factor and passkey changes need from a request (server/accounts/second-factor-settings.ts). */
export function secondFactorContext(request: Request, context: Readonly<RouterContextProvider>): SecondFactorContext {
  const { db, auth, accountLimits, jobs, shopName, publicUrl, shopMode } = context.get(servicesContext);
  return {
    db,
    auth,
    limits: accountLimits,
    headers: request.headers,
    mailer: queuedMailer(jobs),
    shop: { shopName, publicUrl, shopMode },
  };
}
