import { listCategories } from "@server/catalogue/categories.ts";
import { servicesContext } from "@server/http/context.ts";
import { parseRecordId } from "@server/lib/record-id.ts";
import { Refusal } from "@server/lib/refusal.ts";
import { applyEditorIntent } from "@server/sellers/product-editor.ts";
import { PRODUCT_NOT_IN_SHOP, productForEditor } from "@server/sellers/seller-products.ts";
import { ChevronLeft, ChevronRight } from "lucide-react";
import { useEffect, useRef } from "react";
import { data, Form, Link, redirect, useActionData, useNavigation } from "react-router";
import { FormStatus } from "~/components/account/form-status";
import { ProductImage } from "~/components/product/product-image";
import { HiddenProductNote } from "~/components/sellers/hidden-product-note";
import { ProductForm } from "~/components/sellers/product-form";
import { SellerNav } from "~/components/sellers/seller-nav";
import { StatusBadge } from "~/components/sellers/status-badge";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { FileSize } from "~/components/ui/file-size";
import { Input, Label } from "~/components/ui/input";
import { Container } from "~/components/ui/page";
import { pageMeta } from "~/lib/meta";
import { formAction, refusalResponse } from "~/lib/refusal.server";
import { requireCreator } from "~/lib/require-creator.server";
import { readSellerForm } from "~/lib/seller-upload.server";
import { toast } from "~/lib/toast";
import type { Route } from "./+types/product-edit";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { creator } = await requireCreator(request, context);
  const { db } = context.get(servicesContext);
  try {
    const [editor, categories] = await Promise.all([
      productForEditor(db, creator.id, productIdOf(params)),
      listCategories(db),
    ]);
    return { ...editor, categories, created: new URL(request.url).searchParams.has("created") };
  } catch (error) {
    const answer = refusalResponse(error);
    throw data(answer.data.message, { status: answer.init?.status ?? 404 });
  }
}

/** POST: one change (save, an image added, moved or removed, a file added or removed, publish, unpublish, delete). */
export const action = formAction(async ({ request, params, context }: Route.ActionArgs) => {
  const { creator } = await requireCreator(request, context);
  const productId = productIdOf(params);
  const form = await readSellerForm(request);
  const result = await applyEditorIntent(context.get(servicesContext), creator.id, productId, form);
  if (result.deleted) return redirect("/seller?deleted=1");
  return { ok: true as const, intent: result.intent, message: result.message, moved: result.moved ?? null };
});

function productIdOf(params: { id: string }): number {
  const id = parseRecordId(params.id);
  if (id === undefined) throw new Refusal(PRODUCT_NOT_IN_SHOP, 404);
  return id;
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  pageMeta(matches, loaderData ? `Edit ${loaderData.product.title}` : "Edit product");

export default function EditProductPage({ loaderData, actionData }: Route.ComponentProps) {
  const { product, images, files, categories } = loaderData;
  const busy = useNavigation().state === "submitting";
  const moved = actionData && "moved" in actionData ? actionData.moved : null;
  // A change that worked says so where the seller is (a toast); one refused shows above, in sight.
  const failure = actionData && !actionData.ok ? actionData : undefined;
  const status = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (actionData?.ok) toast.success(actionData.message);
    else if (actionData) status.current?.scrollIntoView({ block: "center" });
  }, [actionData]);
  // The buttons are disabled while the move is sent: give the focus back to the moved image's
  // button (or its other one, when it reached an end) so that keyboard users can go on.
  useEffect(() => {
    if (!moved) return;
    const other = moved.direction === "earlier" ? "later" : "earlier";
    const button = [moveButtonId(moved.imageId, moved.direction), moveButtonId(moved.imageId, other)]
      .map((id) => document.getElementById(id))
      .find((element): element is HTMLButtonElement => element instanceof HTMLButtonElement && !element.disabled);
    button?.focus();
  }, [moved]);
  return (
    <Container className="py-10">
      <h1 className="text-3xl font-bold">Seller Dashboard</h1>
      <SellerNav />
      <div className="mt-8 flex flex-wrap items-center gap-3">
        <h2 className="text-2xl font-semibold">{product.title}</h2>
        <StatusBadge status={product.status} />
        {product.status === "published" ? (
          <Link to={`/product/${product.id}`} className="text-sm underline">
            View in the shop
          </Link>
        ) : null}
      </div>
      <div ref={status} className="mt-4">
        <FormStatus
          result={
            actionData
              ? failure
              : loaderData.created
                ? { ok: true, message: "Draft created: add images and files, then publish it." }
                : undefined
          }
        />
      </div>
      <div className="mt-6 grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <Card className="p-6">
          <ProductForm values={product} categories={categories} submitLabel="Save changes" result={undefined} />
        </Card>
        <div className="flex flex-col gap-6">
          <Card className="p-6">
            <h3 className="text-lg font-semibold">Status</h3>
            {product.status === "hidden" ? (
              <HiddenProductNote hiddenBy={product.hiddenBy} note={product.hiddenNote} />
            ) : (
              <p className="mt-1 text-sm text-muted-foreground">
                {product.status === "published"
                  ? "On sale: it shows in search, its category and your creator page."
                  : "A draft: only you see it. Publishing needs an image and a file."}
              </p>
            )}
            <div className="mt-4 flex flex-wrap gap-3">
              {/* A product the platform hid cannot be published by its seller (the note says why). */}
              {product.status === "hidden" ? null : (
                <Form method="post">
                  <Button
                    type="submit"
                    name="intent"
                    value={product.status === "published" ? "unpublish" : "publish"}
                    disabled={busy}
                  >
                    {product.status === "published" ? "Unpublish" : "Publish"}
                  </Button>
                </Form>
              )}
              <Form
                method="post"
                onSubmit={(event) => {
                  if (!window.confirm("Delete this product? Buyers keep their downloads.")) event.preventDefault();
                }}
              >
                <Button type="submit" name="intent" value="delete" variant="outline" disabled={busy}>
                  Delete
                </Button>
              </Form>
            </div>
          </Card>
          <Card className="p-6">
            <h3 className="text-lg font-semibold">Images</h3>
            <ul className="mt-3 grid grid-cols-3 gap-2" aria-label="Images">
              {images.map((image, index) => (
                <li key={image.id} className="flex flex-col gap-1">
                  <ProductImage
                    src={image.url}
                    alt={`Image ${index + 1}${index === 0 ? " (cover)" : ""}`}
                    className="aspect-square rounded-md"
                    sizes="(min-width: 1024px) 100px, 33vw"
                  />
                  <Form method="post" className="flex justify-between">
                    <input type="hidden" name="imageId" value={image.id} />
                    <MoveButton
                      imageId={image.id}
                      number={index + 1}
                      direction="earlier"
                      disabled={busy || index === 0}
                    />
                    <MoveButton
                      imageId={image.id}
                      number={index + 1}
                      direction="later"
                      disabled={busy || index === images.length - 1}
                    />
                  </Form>
                  <Form method="post">
                    <input type="hidden" name="imageId" value={image.id} />
                    <Button
                      type="submit"
                      name="intent"
                      value="remove-image"
                      variant="ghost"
                      size="sm"
                      disabled={busy}
                      aria-label={`Remove image ${index + 1}`}
                    >
                      Remove
                    </Button>
                  </Form>
                </li>
              ))}
            </ul>
            {images.length > 1 ? (
              <p className="mt-2 text-xs text-muted-foreground">The first image is the cover in the shop.</p>
            ) : null}
            <Upload
              intent="add-image"
              field="image"
              label="Add an image (JPEG, PNG, WebP or GIF, up to 10 MB)"
              accept="image/jpeg,image/png,image/webp,image/gif"
              busy={busy}
            />
          </Card>
          <Card className="p-6">
            <h3 className="text-lg font-semibold">Files buyers download</h3>
            <ul className="mt-3 flex flex-col gap-2 text-sm" aria-label="Files">
              {files.map((file) => (
                <li key={file.id} className="flex items-center justify-between gap-2">
                  <span className="min-w-0 wrap-anywhere">
                    {file.fileName} <FileSize bytes={file.sizeBytes} />
                  </span>
                  <Form method="post">
                    <input type="hidden" name="fileId" value={file.id} />
                    <Button
                      type="submit"
                      name="intent"
                      value="remove-file"
                      variant="ghost"
                      size="sm"
                      disabled={busy}
                      aria-label={`Remove ${file.fileName}`}
                    >
                      Remove
                    </Button>
                  </Form>
                </li>
              ))}
            </ul>
            <Upload
              intent="add-file"
              field="file"
              label="Add a file (PDF, ZIP, image, PSD, EPUB or MP4, up to 100 MB)"
              busy={busy}
            />
          </Card>
        </div>
      </div>
    </Container>
  );
}

const moveButtonId = (imageId: number, direction: "earlier" | "later") => `move-image-${imageId}-${direction}`;

/** Moves an image one place earlier or later in the gallery; the first image is the cover. */
function MoveButton({
  imageId,
  number,
  direction,
  disabled,
}: {
  imageId: number;
  number: number;
  direction: "earlier" | "later";
  disabled: boolean;
}) {
  const label = `Move image ${number} ${direction}`;
  return (
    <Button
      id={moveButtonId(imageId, direction)}
      type="submit"
      name="intent"
      value={`move-image-${direction}`}
      variant="ghost"
      size="sm"
      className="px-2"
      disabled={disabled}
      aria-label={label}
      title={label}
    >
      {direction === "earlier" ? <ChevronLeft aria-hidden="true" /> : <ChevronRight aria-hidden="true" />}
    </Button>
  );
}

function Upload({
  intent,
  field,
  label,
  accept,
  busy,
}: {
  intent: string;
  field: string;
  label: string;
  accept?: string;
  busy: boolean;
}) {
  // Once the upload is in, the field is emptied (it would still name the file sent).
  const form = useRef<HTMLFormElement>(null);
  const answer = useActionData<typeof action>();
  useEffect(() => {
    if (answer?.ok && answer.intent === intent) form.current?.reset();
  }, [answer, intent]);
  return (
    <Form ref={form} method="post" encType="multipart/form-data" className="mt-4 flex flex-col gap-2">
      <Label htmlFor={`upload-${field}`}>{label}</Label>
      <Input id={`upload-${field}`} name={field} type="file" accept={accept} required className="h-auto py-2" />
      <Button type="submit" name="intent" value={intent} variant="outline" className="self-start" disabled={busy}>
        Upload
      </Button>
    </Form>
  );
}
