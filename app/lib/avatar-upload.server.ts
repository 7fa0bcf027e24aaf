import { MaxFileSizeExceededError, parseFormData } from "@remix-run/form-data-parser";
import { AuthFailure } from "@server/accounts/auth-failure.ts";
import { AVATAR_MAX_BYTES, AVATAR_TOO_LARGE } from "@server/accounts/avatar.ts";

/**
 * The profile form's fields. A picture upload is read as it streams in and refused as soon as it
 * passes the size limit, so an oversized or endless upload never sits in memory.
 */
export async function readProfileForm(request: Request): Promise<FormData> {
  try {
    return await parseFormData(request, { maxFileSize: AVATAR_MAX_BYTES, maxFiles: 1, maxParts: 10 });
  } catch (error) {
    if (error instanceof MaxFileSizeExceededError) throw new AuthFailure(AVATAR_TOO_LARGE, 413);
    throw new AuthFailure("The form could not be read. Please try again.", 400);
  }
}
