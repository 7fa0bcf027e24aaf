import { MaxFileSizeExceededError, parseFormData } from "@remix-run/form-data-parser";
import { Refusal } from "@server/lib/refusal.ts";
import { FILE_MAX_BYTES, FILE_TOO_LARGE } from "@server/sellers/product-uploads.ts";

/**
 * A seller's form, with at most one uploaded image or file read as it streams in: an upload past
 * the largest allowed size is refused as soon as it gets there.
 */
export async function readSellerForm(request: Request): Promise<FormData> {
  try {
    return await parseFormData(request, { maxFileSize: FILE_MAX_BYTES, maxFiles: 1, maxParts: 40 });
  } catch (error) {
    if (error instanceof MaxFileSizeExceededError) throw new Refusal(FILE_TOO_LARGE, 413);
    throw new Refusal("The form could not be read. Please try again.", 400);
  }
}

/** The uploaded file of a form field, as a name and its bytes (empty when none was chosen). */
export async function uploadIn(form: FormData, field: string): Promise<{ name: string; bytes: Uint8Array }> {
  const file = form.get(field);
  if (!(file instanceof File)) return { name: "", bytes: new Uint8Array() };
  return { name: file.name, bytes: await file.bytes() };
}
