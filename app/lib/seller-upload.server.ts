import { FILE_MAX_BYTES, FILE_TOO_LARGE, IMAGE_MAX_BYTES, IMAGE_TOO_LARGE } from "@server/sellers/product-uploads.ts";
import { readUploadForm } from "./form.server";

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
