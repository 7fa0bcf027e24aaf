import { PROBLEM_CODES, problemDocument } from "@server/http/error-answers.ts";
import { Refusal, refusalKindOf } from "@server/lib/refusal.ts";
import { API_ERROR_DESCRIPTIONS } from "@server/public-api/errors.ts";
import { openApiDocument, PUBLIC_API_BASE } from "@server/public-api/openapi.ts";
import { PUBLIC_API_OPERATIONS } from "@server/public-api/operations/index.ts";
import { apiReference } from "@server/public-api/reference.ts";
import { REQUESTS_PER_MINUTE } from "@server/public-api/router.ts";

/**
 * The Seller API reference page's data (/developers/api), made from the API's own document and
 * error table. A .server module: none of the server code it reads goes to the browser.
 */
export function apiReferencePage(publicUrl: string) {
  return {
    reference: apiReference(openApiDocument(PUBLIC_API_OPERATIONS, publicUrl)),
    openApiAddress: `${PUBLIC_API_BASE}/openapi.json`,
    errorCodes: Object.keys(API_ERROR_DESCRIPTIONS)
      .map(Number)
      .map((status) => ({
        status,
        code: status === 500 ? "internal_error" : PROBLEM_CODES[refusalKindOf(status)],
      })),
    problemExample: problemDocument(
      new Refusal("Describe the product in at least 20 characters.", "invalid", { field: "description" }),
      "0b6e3c5a-7d1f-4f2e-9a41-5c8d2e6f1a90",
    ),
    requestsPerMinute: REQUESTS_PER_MINUTE,
  };
}
