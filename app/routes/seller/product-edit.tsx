import { listCategories } from "@server/catalogue/categories.ts";
import { servicesContext } from "@server/http/context.ts";
import { Refusal } from "@server/lib/refusal.ts";
import { applyEditorIntent } from "@server/sellers/product-editor.ts";
import { PRODUCT_NOT_IN_SHOP, productForEditor } from "@server/sellers/seller-products.ts";
import { productFormSchema } from "@shared/product-schema.ts";
import { parseRecordId } from "@shared/record-id.ts";
import { useEffect, useRef } from "react";
import { data, redirect, useNavigation } from "react-router";
import { FormStatus } from "~/components/account/form-status";
import { replyOf } from "~/components/forms/form-field";
import { ProductFilesSection } from "~/components/sellers/product-files-section";
import { ProductForm } from "~/components/sellers/product-form";
import { ProductImagesSection } from "~/components/sellers/product-images-section";
import { ProductEditorHeading, ProductStatusSection } from "~/components/sellers/product-status-section";
import { SellerNav } from "~/components/sellers/seller-nav";
import { Card } from "~/components/ui/card";
import { Container } from "~/components/ui/page";
import { doneIn, refusedIn } from "~/lib/action-result";
import { parseSubmission } from "~/lib/form.server";
import { pageMeta } from "~/lib/meta";
import { formAction, pageLoader } from "~/lib/refusal.server";
import { requireCreator, requireCreatorWhoMayAct } from "~/lib/require-creator.server";
import { editorChangeOf, readSellerForm } from "~/lib/seller-upload.server";
import { toast } from "~/lib/toast";
import type { Route } from "./+types/product-edit";

export const loader = pageLoader(async ({ request, params, context }: Route.LoaderArgs) => {
  const { creator, lookOnly } = await requireCreator(request, context);
  const { db } = context.get(servicesContext);
  const [editor, categories] = await Promise.all([
    productForEditor(db, creator.id, productIdOf(params)),
    listCategories(db),
  ]);
  return { lookOnly, ...editor, categories, created: new URL(request.url).searchParams.has("created") };
});

/** POST: one change (save, an image added, moved or removed, a file added, replaced by a new version or removed, publish, unpublish, delete). */
export const action = formAction(async ({ request, params, context }: Route.ActionArgs) => {
  const { creator } = await requireCreatorWhoMayAct(request, context);
  const productId = productIdOf(params);
  const form = await readSellerForm(request);
  // The product's own fields answer with each field's problem (and what was typed); the other
  // intents are buttons, checked by editorChangeOf.
  if (form.get("intent") === "save") {
    const submission = parseSubmission(form, productFormSchema);
    if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  }
  const result = await applyEditorIntent(context.get(servicesContext), {
    creatorId: creator.id,
    productId,
    change: await editorChangeOf(form),
  });
  if (result.deleted) return redirect("/seller?deleted=1");
  return { ok: true as const, intent: result.intent, message: result.message, moved: result.moved ?? null };
});

function productIdOf(params: { id: string }): number {
  const id = parseRecordId(params.id);
  if (id === undefined) throw new Refusal(PRODUCT_NOT_IN_SHOP, "not-found");
  return id;
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  pageMeta(matches, loaderData ? `Edit ${loaderData.product.title}` : "Edit product");

export default function EditProductPage({ loaderData, actionData }: Route.ComponentProps) {
  const { product, images, files, categories } = loaderData;
  const busy = useNavigation().state === "submitting";
  const change = doneIn(actionData) ?? null;
  // A change that worked says so where the seller is (a toast); one refused shows above, in sight;
  // the product's fields that do not pass show their problems beside each field.
  const refusal = refusedIn(actionData);
  const status = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const done = doneIn(actionData);
    if (done) toast.success(done.message);
    else if (actionData && "message" in actionData) status.current?.scrollIntoView({ block: "center" });
  }, [actionData]);
  return (
    <Container className="py-10">
      <h1 className="text-3xl font-bold">Seller Dashboard</h1>
      <SellerNav lookOnly={loaderData.lookOnly} />
      <ProductEditorHeading product={product} />
      <div ref={status} className="mt-4">
        <FormStatus
          result={
            actionData
              ? refusal
              : loaderData.created
                ? { ok: true, message: "Draft created: add images and files, then publish it." }
                : undefined
          }
        />
      </div>
      <div className="mt-6 grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <Card className="p-6">
          <ProductForm
            values={product}
            categories={categories}
            submitLabel="Save changes"
            lastResult={replyOf(actionData)}
          />
        </Card>
        <div className="flex flex-col gap-6">
          <ProductStatusSection product={product} busy={busy} />
          <ProductImagesSection images={images} busy={busy} lastChange={change} moved={change?.moved ?? null} />
          <ProductFilesSection files={files} busy={busy} lastChange={change} />
        </div>
      </div>
    </Container>
  );
}
