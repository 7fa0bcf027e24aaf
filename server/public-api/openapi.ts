import { z } from "zod";
import { problemSchema } from "../http/error-answers.ts";
import { API_ERROR_DESCRIPTIONS } from "./errors.ts";
import { type ApiOperation, errorStatusesOf } from "./operation.ts";

// The OpenAPI 3.1 document of the public API, made from the operations' zod schemas with zod's
// own JSON Schema output (draft 2020-12, which OpenAPI 3.1 uses as it is): decision 035.

export const PUBLIC_API_BASE = "/api/public/v1";
const PUBLIC_API_VERSION = "1.0.0";

type JsonSchema = Record<string, unknown>;

/** A zod schema as JSON Schema, without the `$schema` line (an OpenAPI document sets the dialect once). */
function jsonSchema(schema: z.ZodType, io: "input" | "output"): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, {
    io,
    target: "draft-2020-12",
    unrepresentable: "any",
  });
  return rest;
}

function parametersOf(schema: z.ZodObject | undefined, where: "path" | "query") {
  if (!schema) return [];
  const object = jsonSchema(schema, "input") as { properties?: Record<string, JsonSchema>; required?: string[] };
  return Object.entries(object.properties ?? {}).map(([name, property]) => {
    const { description, ...rest } = property;
    return {
      name,
      in: where,
      required: where === "path" || (object.required ?? []).includes(name),
      ...(typeof description === "string" ? { description } : {}),
      schema: rest,
    };
  });
}

export interface OpenApiDocument {
  openapi: "3.1.0";
  info: { title: string; version: string; description: string };
  servers: { url: string }[];
  security: Record<string, string[]>[];
  tags: { name: string }[];
  paths: Record<string, Record<string, OpenApiOperation>>;
  components: { securitySchemes: Record<string, unknown>; schemas: Record<string, JsonSchema> };
}

export interface OpenApiOperation {
  operationId: string;
  summary: string;
  description?: string;
  tags: string[];
  /** The key's scope the operation needs (an extension: OpenAPI has no place for a bearer token's scope). */
  "x-scope": "read" | "write";
  parameters: { name: string; in: "path" | "query"; required: boolean; description?: string; schema: JsonSchema }[];
  requestBody?: { required: true; content: { "application/json": { schema: JsonSchema; example?: unknown } } };
  responses: Record<
    string,
    {
      description: string;
      headers?: Record<string, unknown>;
      /** application/json for an answer, application/problem+json (RFC 9457) for a refusal. */
      content: Record<string, { schema: JsonSchema; example?: unknown }>;
    }
  >;
}

const PROBLEM_REF = { $ref: "#/components/schemas/Problem" };

/** The document for these operations, served at `publicUrl` + /api/public/v1. */
export function openApiDocument(operations: readonly ApiOperation[], publicUrl: string): OpenApiDocument {
  const paths: OpenApiDocument["paths"] = {};
  const tags: string[] = [];
  for (const operation of operations) {
    if (!tags.includes(operation.tag)) tags.push(operation.tag);
    const responses: OpenApiOperation["responses"] = {
      [operation.response.status]: {
        description: operation.response.description,
        content: {
          "application/json": {
            schema: jsonSchema(operation.response.schema, "output"),
            example: operation.response.example,
          },
        },
      },
    };
    for (const status of errorStatusesOf(operation)) {
      responses[status] = {
        description: API_ERROR_DESCRIPTIONS[status],
        ...(status === 429 || status === 503
          ? { headers: { "Retry-After": { description: "Seconds to wait.", schema: { type: "integer" } } } }
          : {}),
        content: { "application/problem+json": { schema: PROBLEM_REF } },
      };
    }
    const entry: OpenApiOperation = {
      operationId: operation.operationId,
      summary: operation.summary,
      ...(operation.description ? { description: operation.description } : {}),
      tags: [operation.tag],
      "x-scope": operation.scope,
      parameters: [...parametersOf(operation.params, "path"), ...parametersOf(operation.query, "query")],
      ...(operation.body
        ? {
            requestBody: {
              required: true as const,
              content: {
                "application/json": {
                  schema: jsonSchema(operation.body, "input"),
                  ...(operation.bodyExample === undefined ? {} : { example: operation.bodyExample }),
                },
              },
            },
          }
        : {}),
      responses,
    };
    paths[operation.path] = { ...paths[operation.path], [operation.method]: entry };
  }
  return {
    openapi: "3.1.0",
    info: {
      title: "Seller API",
      version: PUBLIC_API_VERSION,
      description:
        "Your shop's products, sales and payouts, for your own tools. Authenticate with an API key from the Seller Dashboard (API keys): `Authorization: Bearer <key>`. Money is in integer cents with its currency.",
    },
    servers: [{ url: new URL(PUBLIC_API_BASE, publicUrl).href }],
    security: [{ bearer: [] }],
    tags: tags.map((name) => ({ name })),
    paths,
    components: {
      securitySchemes: {
        bearer: {
          type: "http",
          scheme: "bearer",
          description: "An API key made in the Seller Dashboard (it starts with dgm_live_).",
        },
      },
      schemas: { Problem: jsonSchema(problemSchema, "output") },
    },
  };
}
