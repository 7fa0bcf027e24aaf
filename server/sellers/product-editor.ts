import { z } from "zod";
import type { ProductForm } from "../../shared/product-schema.ts";
import { recordIdField } from "../../shared/record-id.ts";
import type { Database } from "../db/client.ts";
import type { JobQueue } from "../jobs/queue.ts";
import { requireCreatorNotRemoved } from "../moderation/creator-standing.ts";
import type { FileStore } from "../storage/file-store.ts";
import { uploadFileVersion } from "./file-versions.ts";
import { type ImageMove, moveProductImage } from "./product-image-order.ts";
import { addProductFile, addProductImage, removeProductFile, removeProductImage } from "./product-uploads.ts";
import { deleteProduct, setPublished, updateProduct } from "./seller-products.ts";

const imageId = recordIdField("Choose one of the product's images.");
const fileId = recordIdField("Choose one of the product's files.");
/**
 * What the product editor's forms ask for, with which the route reads them
 * (app/lib/seller-upload.server.ts); any other intent is refused.
 */
export const editorIntentSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("save") }),
  z.object({ intent: z.literal("add-image") }),
  z.object({ intent: z.literal("remove-image"), imageId }),
  z.object({ intent: z.literal("move-image-earlier"), imageId }),
  z.object({ intent: z.literal("move-image-later"), imageId }),
  z.object({ intent: z.literal("add-file") }),
  z.object({ intent: z.literal("remove-file"), fileId }),
  z.object({ intent: z.literal("upload-version"), fileId }),
  z.object({ intent: z.literal("publish") }),
  z.object({ intent: z.literal("unpublish") }),
  z.object({ intent: z.literal("delete") }),
]);
export type EditorIntent = z.infer<typeof editorIntentSchema>["intent"];

type Upload = { name: string; bytes: Uint8Array };

/** One change of the product editor: its intent, with the product's fields or the upload it brings. */
export type EditorChange =
  | Exclude<z.output<typeof editorIntentSchema>, { intent: "save" | "add-image" | "add-file" | "upload-version" }>
  | { intent: "save"; product: ProductForm }
  | { intent: "add-image"; imageBytes: Uint8Array }
  | { intent: "add-file"; upload: Upload }
  | { intent: "upload-version"; fileId: number; upload: Upload };

/** One change of the product editor; answers what to tell the seller. */
export async function applyEditorIntent(
  services: { db: Database; files: FileStore; jobs: JobQueue },
  { creatorId, productId, change }: { creatorId: number; productId: number; change: EditorChange },
): Promise<{
  intent: EditorIntent;
  message: string;
  deleted?: boolean;
  /** The image moved, so that the page can keep the keyboard focus on it. */
  moved?: { imageId: number; direction: ImageMove };
}> {
  const { db, files, jobs } = services;
  const { intent } = change;
  // A removed shop keeps its products as they were, for an appeal to bring them back.
  await requireCreatorNotRemoved(db, creatorId);
  switch (change.intent) {
    case "save":
      await updateProduct(db, { creatorId, productId, product: change.product });
      return { intent, message: "Your changes were saved." };
    case "add-image":
      await addProductImage(db, { files, creatorId, productId, bytes: change.imageBytes });
      return { intent, message: "The image was added." };
    case "remove-image":
      await removeProductImage(db, { files, creatorId, productId, imageId: change.imageId });
      return { intent, message: "The image was removed." };
    case "move-image-earlier":
    case "move-image-later": {
      const direction = change.intent === "move-image-earlier" ? "earlier" : "later";
      const { imageId } = change;
      const to = await moveProductImage(db, { creatorId, productId, imageId, direction });
      const from = direction === "earlier" ? to + 1 : to - 1;
      const cover = to === 0 ? " It is the cover now." : "";
      return { intent, message: `Image ${from + 1} is now image ${to + 1}.${cover}`, moved: { imageId, direction } };
    }
    case "add-file":
      await addProductFile(db, { files, jobs, creatorId, productId, upload: change.upload });
      return { intent, message: "The file was added." };
    case "remove-file":
      await removeProductFile(db, { files, creatorId, productId, fileId: change.fileId });
      return { intent, message: "The file was removed." };
    case "upload-version": {
      const { fileName, version } = await uploadFileVersion(services, {
        creatorId,
        productId,
        fileId: change.fileId,
        upload: change.upload,
      });
      return {
        intent,
        message: `Version ${version} of ${fileName} was uploaded: buyers download it from now on, and each is emailed once.`,
      };
    }
    case "publish":
    case "unpublish":
      await setPublished(db, { creatorId, productId, published: intent === "publish", jobs });
      return {
        intent,
        message: intent === "publish" ? "Published: it is on sale now." : "Unpublished: it is no longer on sale.",
      };
    case "delete": {
      for (const key of await deleteProduct(db, creatorId, productId)) await files.remove(key);
      return { intent, message: "The product was deleted.", deleted: true };
    }
  }
}
