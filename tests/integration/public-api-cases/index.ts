import type { ContractCase } from "./cases.ts";
import { licenseCases } from "./licenses.ts";
import { productCases } from "./products.ts";
import { salesCases } from "./sales.ts";

/**
 * The operations' own cases. The contract test adds the refusals every operation may answer
 * (401, 403, 429, 413, 415, and 400 and 404 where it can make them) and fails for an operation
 * of the document with a status that no case answers: a new operation brings its cases here.
 */
export const CONTRACT_CASES: ContractCase[] = [...productCases, ...salesCases, ...licenseCases];
