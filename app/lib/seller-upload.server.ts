import { type EditorChange, editorIntentSchema } from "@server/sellers/product-editor.ts";
import { FILE_MAX_BYTES, FILE_TOO_LARGE, IMAGE_MAX_BYTES, IMAGE_TOO_LARGE } from "@server/sellers/product-uploads.ts";
import { productFormSchema } from "@shared/product-schema.ts";
import { parseForm, parseIntent, readUploadForm } from "./form.server";

/** A seller's form, with at most one uploaded image or file (the largest a file may be). */
export function readSellerForm(request: Request): Promise<FormData> {
  return readUploadForm(request, { maxFileSize: FILE_MAX_BYTES, tooLarge: FILE_TOO_LARGE, maxParts: 40 });
}

/** A seller's form with at most one picture (the creator page's). */
export function readSellerPictureForm(request: Request): Promise<FormData> {
  return readUploadForm(request, { maxFileSize: IMAGE_MAX_BYTES, tooLarge: IMAGE_TOO_LARGE, maxParts: 20 });
}

/** The uploaded file of a form field, as a name and its bytes (empty when none was chosen). */
export async function uploadIn(form: FormData, field: string): Promise<{ name: string; bytes: Uint8Array }> {
  const file = form.get(field);
  if (!(file instanceof File)) return { name: "", bytes: new Uint8Array() };
  return { name: file.name, bytes: await file.bytes() };
}

/** What a form of the product editor asks for, with the product's fields or the upload it brings. */
export async function editorChangeOf(form: FormData): Promise<EditorChange> {
  const asked = parseIntent(form, editorIntentSchema);
  switch (asked.intent) {
    case "save": {
      // The product's fields only: an upload field of the same form is no field of the product.
      const fields = new FormData();
      for (const [name, value] of form) if (typeof value === "string") fields.append(name, value);
      return { intent: "save", product: parseForm(fields, productFormSchema) };
    }
    case "add-image":
      return { intent: "add-image", imageBytes: (await uploadIn(form, "image")).bytes };
    case "add-file":
      return { intent: "add-file", upload: await uploadIn(form, "file") };
    case "upload-version":
      return { intent: "upload-version", fileId: asked.fileId, upload: await uploadIn(form, "file") };
    default:
      return asked;
  }
}
