import {
  bundleProductChoices,
  createBundle,
  listBundles,
  NO_SUCH_BUNDLE,
  NOT_A_SAVING,
  setBundleStatus,
  updateBundle,
} from "@server/bundles/manage-bundles.ts";
import type { Database } from "@server/db/client.ts";
import { asRefusal } from "@server/http/error-answers.ts";
import { Refusal } from "@server/lib/refusal.ts";
import { requireCreatorCanPublish, requireCreatorNotRemoved } from "@server/moderation/creator-standing.ts";
import { BUNDLE_PRODUCTS_NOT_LISTED, bundleSchema } from "@shared/bundle-schema.ts";
import { recordIdField } from "@shared/record-id.ts";
import { data } from "react-router";
import { z } from "zod";
import { parseIntent, parseSubmission } from "~/lib/form.server";

// The seller's bundle pages (/seller/bundles and /seller/bundles/:id): their loader data and the
// one action both post to. The domain rules are in server/bundles/manage-bundles.ts.

const bundleId = recordIdField("Choose a bundle.");

/** What the bundle pages' forms ask for: the form's own fields are checked by bundleSchema. */
const bundlePageIntentSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("create-bundle") }),
  z.object({ intent: z.literal("save-bundle"), bundleId }),
  z.object({ intent: z.literal("publish-bundle"), bundleId }),
  z.object({ intent: z.literal("unpublish-bundle"), bundleId }),
  z.object({ intent: z.literal("delete-bundle"), bundleId }),
]);

/** /seller/bundles: the seller's bundles and the products a bundle can hold. */
export async function sellerBundlesData(db: Database, creatorId: number) {
  const [bundles, choices] = await Promise.all([listBundles(db, creatorId), bundleProductChoices(db, creatorId)]);
  return { bundles, choices };
}

/** /seller/bundles/:id: one of the seller's bundles (404 otherwise) and the products it can hold. */
export async function sellerBundleData(db: Database, creatorId: number, id: number | undefined) {
  const { bundles, choices } = await sellerBundlesData(db, creatorId);
  const bundle = bundles.find((each) => each.id === id);
  if (!bundle) throw new Refusal(NO_SUCH_BUNDLE, "not-found");
  return { bundle, choices };
}

/** The field a refusal of the domain belongs beside, or null for the form as a whole. */
function fieldOf(message: string): "productIds" | "price" | null {
  if (message === BUNDLE_PRODUCTS_NOT_LISTED) return "productIds";
  if (message.startsWith(NOT_A_SAVING)) return "price";
  return null;
}

/**
 * POST: make or save a bundle from the form (a refused one shows each problem beside its field,
 * with what was typed), or publish, take off sale or delete one of the seller's bundles. Only the
 * seller's own bundles and products: another's answer as missing.
 */
export async function bundlePageAction(db: Database, creatorId: number, form: FormData) {
  const asked = parseIntent(form, bundlePageIntentSchema);
  if (asked.intent === "publish-bundle") {
    // A suspended or removed shop puts nothing on sale (as for its products).
    await requireCreatorCanPublish(db, creatorId);
    await setBundleStatus(db, { creatorId, bundleId: asked.bundleId, status: "published" });
    return { ok: true as const, intent: asked.intent, message: "The bundle is on sale." };
  }
  if (asked.intent === "unpublish-bundle") {
    await setBundleStatus(db, { creatorId, bundleId: asked.bundleId, status: "draft" });
    return {
      ok: true as const,
      intent: asked.intent,
      message: "The bundle is a draft again: shoppers no longer see it.",
    };
  }
  if (asked.intent === "delete-bundle") {
    await setBundleStatus(db, { creatorId, bundleId: asked.bundleId, status: "deleted" });
    return { ok: true as const, intent: asked.intent, message: "The bundle was deleted." };
  }
  const submission = parseSubmission(form, bundleSchema);
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  try {
    // A shop the platform removed sells nothing: it makes or changes no bundles either.
    await requireCreatorNotRemoved(db, creatorId);
    if (asked.intent === "create-bundle") {
      const made = await createBundle(db, creatorId, submission.value);
      return {
        ok: true as const,
        intent: asked.intent,
        message: `${made.title} was made as a draft: publish it to put it on sale.`,
        result: submission.reply({ resetForm: true }),
      };
    }
    await updateBundle(db, { creatorId, bundleId: asked.bundleId, bundle: submission.value });
    return {
      ok: true as const,
      intent: asked.intent,
      message: "Your changes are saved.",
      result: submission.reply(),
    };
  } catch (error) {
    const refusal = asRefusal(error);
    if (!refusal) throw error;
    const field = fieldOf(refusal.message);
    const result = field
      ? submission.reply({ fieldErrors: { [field]: [refusal.message] } })
      : submission.reply({ formErrors: [refusal.message] });
    return data({ result }, { status: refusal.status });
  }
}
