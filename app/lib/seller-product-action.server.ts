import type { Database } from "@server/db/client.ts";
import { Refusal } from "@server/lib/refusal.ts";
import { requireShopNotRemoved } from "@server/moderation/shop-standing.ts";
import { type ImageMove, moveProductImage } from "@server/sellers/product-image-order.ts";
import { productFormSchema } from "@server/sellers/product-schema.ts";
import {
  addProductFile,
  addProductImage,
  removeProductFile,
  removeProductImage,
} from "@server/sellers/product-uploads.ts";
import { deleteProduct, setPublished, updateProduct } from "@server/sellers/seller-products.ts";
import type { FileStore } from "@server/storage/file-store.ts";
import { firstIssue } from "~/lib/form-errors";
import { uploadIn } from "~/lib/seller-upload.server";

export type EditorIntent =
  | "save"
  | "add-image"
  | "remove-image"
  | "move-image-earlier"
  | "move-image-later"
  | "add-file"
  | "remove-file"
  | "publish"
  | "unpublish"
  | "delete";

/** One change of the product editor, by the form's intent; answers what to tell the seller. */
export async function applyEditorIntent(
  services: { db: Database; files: FileStore },
  creatorId: number,
  productId: number,
  form: FormData,
): Promise<{
  intent: EditorIntent;
  message: string;
  deleted?: boolean;
  /** The image moved, so that the page can keep the keyboard focus on it. */
  moved?: { imageId: number; direction: ImageMove };
}> {
  const { db, files } = services;
  const intent = String(form.get("intent")) as EditorIntent;
  // A removed shop keeps its products as they were, for an appeal to bring them back.
  await requireShopNotRemoved(db, creatorId);
  const id = (field: string) => Number(form.get(field));
  switch (intent) {
    case "save": {
      const parsed = productFormSchema.safeParse(
        Object.fromEntries([...form.entries()].filter(([, value]) => typeof value === "string")),
      );
      if (!parsed.success) throw new Refusal(firstIssue(parsed.error), 400);
      await updateProduct(db, creatorId, productId, parsed.data);
      return { intent, message: "Your changes were saved." };
    }
    case "add-image":
      await addProductImage(db, files, creatorId, productId, (await uploadIn(form, "image")).bytes);
      return { intent, message: "The image was added." };
    case "remove-image":
      await removeProductImage(db, files, creatorId, productId, id("imageId"));
      return { intent, message: "The image was removed." };
    case "move-image-earlier":
    case "move-image-later": {
      const direction = intent === "move-image-earlier" ? "earlier" : "later";
      const imageId = id("imageId");
      const to = await moveProductImage(db, creatorId, productId, imageId, direction);
      const from = direction === "earlier" ? to + 1 : to - 1;
      const cover = to === 0 ? " It is the cover now." : "";
      return { intent, message: `Image ${from + 1} is now image ${to + 1}.${cover}`, moved: { imageId, direction } };
    }
    case "add-file":
      await addProductFile(db, files, creatorId, productId, await uploadIn(form, "file"));
      return { intent, message: "The file was added." };
    case "remove-file":
      await removeProductFile(db, files, creatorId, productId, id("fileId"));
      return { intent, message: "The file was removed." };
    case "publish":
    case "unpublish":
      await setPublished(db, creatorId, productId, intent === "publish");
      return {
        intent,
        message: intent === "publish" ? "Published: it is on sale now." : "Unpublished: it is no longer on sale.",
      };
    case "delete": {
      for (const key of await deleteProduct(db, creatorId, productId)) await files.remove(key);
      return { intent, message: "The product was deleted.", deleted: true };
    }
    default:
      throw new Refusal("This change is not known.", 400);
  }
}
