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
