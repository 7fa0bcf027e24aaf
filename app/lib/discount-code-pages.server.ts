import type { Database } from "@server/db/client.ts";
import {
  CODE_TAKEN,
  type CodeOwner,
  createDiscountCode,
  endDiscountCode,
  listDiscountCodes,
} from "@server/discounts/manage-codes.ts";
import { asRefusal } from "@server/http/error-answers.ts";
import { requireCreatorNotRemoved } from "@server/moderation/creator-standing.ts";
import {
  discountCodeIntentSchema,
  discountCodeSchema,
  PRODUCTS_NOT_LISTED,
  siteWideSaleSchema,
} from "@shared/discount-code-schema.ts";
import { data } from "react-router";
import type { DiscountCodeRow, DiscountCodeStatus } from "~/components/sellers/discount-code-table";
import { parseIntent, parseSubmission } from "~/lib/form.server";

// The discount pages' loader data and action, for a seller's codes (/seller/discounts) and the
// admins' site-wide sales (/admin/discounts): the two differ only in whose codes they are.

const DAY_MS = 86_400_000;

type Listed = Awaited<ReturnType<typeof listDiscountCodes>>[number];

/** Where a code stands at `now`: ended (by hand or by its last day) first, then not yet begun, then out of uses. */
function statusOf(code: Listed, now: Date): DiscountCodeStatus {
  if (code.disabledAt || (code.endsAt && code.endsAt <= now)) return "ended";
  if (code.startsAt && code.startsAt > now) return "scheduled";
  if (code.maxUses !== null && code.uses >= code.maxUses) return "used-up";
  return "active";
}

/** The owner's codes as the page's table shows them; the status is the server's, so every visitor sees the same. */
export async function discountCodeRows(db: Database, owner: CodeOwner, now = new Date()): Promise<DiscountCodeRow[]> {
  const codes = await listDiscountCodes(db, owner);
  return codes.map((code) => ({
    id: code.id,
    code: code.code,
    kind: code.kind,
    value: code.value,
    productTitles: code.allProducts ? null : code.productTitles,
    firstDay: code.startsAt?.toISOString() ?? null,
    // A code runs to the start of the day after its last (shared/discount-code-schema.ts).
    lastDay: code.endsAt ? new Date(code.endsAt.getTime() - DAY_MS).toISOString() : null,
    uses: code.uses,
    maxUses: code.maxUses,
    oncePerBuyer: code.oncePerBuyer,
    status: statusOf(code, now),
  }));
}

/**
 * POST: make a code from the form (a refused one shows each problem beside its field, a taken
 * code beside the code, with what was typed), or end one of the owner's codes.
 */
export async function discountCodeAction(db: Database, owner: CodeOwner, form: FormData) {
  const asked = parseIntent(form, discountCodeIntentSchema);
  if (asked.intent === "end-code") {
    const code = await endDiscountCode(db, { owner, codeId: asked.codeId });
    return { ok: true as const, message: `${code} has ended: it can no longer be used.` };
  }
  const submission = parseSubmission(form, "creatorId" in owner ? discountCodeSchema : siteWideSaleSchema);
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  try {
    // A shop the platform removed sells nothing: it makes no codes either.
    if ("creatorId" in owner) await requireCreatorNotRemoved(db, owner.creatorId);
    const made = await createDiscountCode(db, owner, submission.value);
    return {
      ok: true as const,
      message: `${made.code} was made.`,
      result: submission.reply({ resetForm: true }),
    };
  } catch (error) {
    const refusal = asRefusal(error);
    if (!refusal) throw error;
    const field =
      refusal.message === CODE_TAKEN ? "code" : refusal.message === PRODUCTS_NOT_LISTED ? "productIds" : null;
    const result = field
      ? submission.reply({ fieldErrors: { [field]: [refusal.message] } })
      : submission.reply({ formErrors: [refusal.message] });
    return data({ result }, { status: refusal.status });
  }
}
