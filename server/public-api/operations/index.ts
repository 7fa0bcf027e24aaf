import type { ApiOperation } from "../operation.ts";
import { licenseOperations } from "./licenses.ts";
import { productOperations } from "./products.ts";
import { salesOperations } from "./sales.ts";

/**
 * Every operation of the public API, in the order of the reference page. A new one is declared with
 * defineOperation in a module of this folder and added here: the router serves it, the OpenAPI
 * document and the reference page show it, and the contract test calls it (docs/public-api.md).
 */
export const PUBLIC_API_OPERATIONS: readonly ApiOperation[] = [
  ...productOperations,
  ...salesOperations,
  ...licenseOperations,
];
