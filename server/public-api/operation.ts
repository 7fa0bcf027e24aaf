import type { z } from "zod";
import type { Database } from "../db/client.ts";
import type { JobQueue } from "../jobs/queue.ts";
import type { ApiCaller, ApiKeyScope } from "../sellers/api-keys.ts";
import type { FileStore } from "../storage/file-store.ts";
import type { ApiErrorStatus } from "./errors.ts";

// One operation of the public API, declared once: the router validates requests and answers with
// its zod schemas, and the OpenAPI document (openapi.ts) is made from the same schemas, so the
// document cannot drift from what the handlers accept and answer.

type HttpMethod = "get" | "post" | "patch" | "put" | "delete";

/** What a handler gets beside the request's checked parts. */
export interface ApiServices {
  db: Database;
  files: FileStore;
  jobs: JobQueue;
  /** The shop's public address, for links in answers. */
  publicUrl: string;
}

type AnyObject = z.ZodObject<z.ZodRawShape>;

export interface ApiOperation<
  Params extends AnyObject = AnyObject,
  Query extends AnyObject = AnyObject,
  Body extends z.ZodType = z.ZodType,
  Result extends z.ZodType = z.ZodType,
> {
  method: HttpMethod;
  /** OpenAPI form, relative to /api/public/v1: `/products/{id}`. */
  path: string;
  operationId: string;
  /** The section of the reference page (and OpenAPI tag). */
  tag: string;
  summary: string;
  description?: string;
  /** read: GET; write: anything that changes data (a write key may also read). */
  scope: ApiKeyScope;
  params?: Params;
  query?: Query;
  body?: Body;
  /** An example body, for the document and the reference page's curl example. */
  bodyExample?: z.input<Body>;
  response: {
    status: 200 | 201;
    description: string;
    schema: Result;
    example: z.input<Result>;
  };
  /**
   * The refusals this operation itself may answer, beyond those every operation may (401, 403,
   * 429; 400 with parameters, query or body; 413 and 415 with a body; 404 with a path parameter).
   */
  errors?: readonly ApiErrorStatus[];
  // A method (not a function property), so that a list of operations of different schemas type-checks.
  handler(
    request: { caller: ApiCaller; params: z.output<Params>; query: z.output<Query>; body: z.output<Body> },
    services: ApiServices,
  ): Promise<z.input<Result>>;
}

/** Declares an operation (the identity, for its types to be inferred from its schemas). */
export function defineOperation<
  Params extends AnyObject = AnyObject,
  Query extends AnyObject = AnyObject,
  Body extends z.ZodType = z.ZodType,
  Result extends z.ZodType = z.ZodType,
>(operation: ApiOperation<Params, Query, Body, Result>): ApiOperation<Params, Query, Body, Result> {
  return operation;
}

/** Every refusal an operation may answer, in order: those it declares and those all of its kind may. */
export function errorStatusesOf(operation: ApiOperation): ApiErrorStatus[] {
  const statuses = new Set<ApiErrorStatus>([401, 403, 429, 500, 503, ...(operation.errors ?? [])]);
  if (operation.params || operation.query || operation.body) statuses.add(400);
  if (operation.path.includes("{")) statuses.add(404);
  if (operation.body) {
    statuses.add(413);
    statuses.add(415);
  }
  return [...statuses].sort((a, b) => a - b);
}
