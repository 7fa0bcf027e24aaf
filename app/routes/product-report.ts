import { getCurrentUser } from "@server/accounts/current-user.ts";
import { servicesContext } from "@server/http/context.ts";
import { Refusal } from "@server/lib/refusal.ts";
import { reportListing } from "@server/moderation/listing-reports.ts";
import { parseRecordId } from "@shared/record-id.ts";
import { reportFormSchema } from "@shared/report-schema.ts";
import { data } from "react-router";
import { parseSubmission, readForm } from "~/lib/form.server";
import { formAction } from "~/lib/refusal.server";
import type { Route } from "./+types/product-report";

// POST only: the product page's "Report this listing" dialog (report-listing.tsx). Rate limited
// per client address like the contact form (server/http/rate-limits.ts).

export const action = formAction(async ({ params, request, context }: Route.ActionArgs) => {
  const { db, auth } = context.get(servicesContext);
  const productId = parseRecordId(params.id);
  if (productId === undefined) throw new Refusal("This product does not exist.", "not-found");
  const user = await getCurrentUser(auth, request.headers);
  // A guest gives an address to be reached at; an account is reached at its own.
  const submission = parseSubmission(await readForm(request), reportFormSchema(!user));
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const { value } = submission;
  await reportListing(db, {
    reporter: user ? { userId: user.id } : { userId: null, email: value.email ?? "" },
    productId,
    report: value,
  });
  return {
    ok: true as const,
    message: "Thank you: your report was sent. Our team reviews reports within 2 business days.",
  };
});
