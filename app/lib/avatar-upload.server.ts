import { AVATAR_MAX_BYTES, AVATAR_TOO_LARGE } from "@server/accounts/avatar.ts";
import { readUploadForm } from "./form.server";

/** The profile form's fields, with at most one picture (the largest a picture may be). */
export function readProfileForm(request: Request): Promise<FormData> {
  return readUploadForm(request, { maxFileSize: AVATAR_MAX_BYTES, tooLarge: AVATAR_TOO_LARGE, maxParts: 10 });
}
