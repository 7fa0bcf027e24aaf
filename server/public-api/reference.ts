import type { OpenApiDocument } from "./openapi.ts";

// What the reference page (/developers/api) shows of the OpenAPI document, per operation: read from
// the document itself, so that the page says what the API does.

type JsonSchema = Record<string, unknown>;

export interface ReferenceField {
  name: string;
  /** "integer", "string (date-time)", "one of: draft, published", "array of string"... */
  type: string;
  required: boolean;
  description: string;
}

export interface ReferenceOperation {
  id: string;
  method: string;
  path: string;
  summary: string;
  description: string;
  scope: "read" | "write";
  parameters: (ReferenceField & { in: "path" | "query" })[];
  bodyFields: ReferenceField[];
  curl: string;
  success: { status: string; description: string; example: string };
  errors: { status: string; description: string }[];
}

export interface ApiReference {
  baseUrl: string;
  sections: { tag: string; operations: ReferenceOperation[] }[];
}

/** A schema's type in a few words. */
export function typeOf(schema: JsonSchema | undefined): string {
  if (!schema) return "any";
  if (Array.isArray(schema.enum)) return `one of: ${schema.enum.join(", ")}`;
  if ("const" in schema) return `always ${JSON.stringify(schema.const)}`;
  const choices = (schema.anyOf ?? schema.oneOf) as JsonSchema[] | undefined;
  if (Array.isArray(choices)) {
    const nullable = choices.some((choice) => choice.type === "null");
    const rest = choices.filter((choice) => choice.type !== "null").map((choice) => typeOf(choice));
    return `${[...new Set(rest)].join(" or ")}${nullable ? " or null" : ""}`;
  }
  if (schema.type === "array") return `array of ${typeOf(schema.items as JsonSchema | undefined)}`;
  if (typeof schema.format === "string") return `${String(schema.type ?? "string")} (${schema.format})`;
  return typeof schema.type === "string" ? schema.type : "object";
}

function fieldsOf(schema: JsonSchema | undefined): ReferenceField[] {
  const properties = (schema?.properties ?? {}) as Record<string, JsonSchema>;
  const required = (schema?.required ?? []) as string[];
  return Object.entries(properties).map(([name, property]) => ({
    name,
    type: typeOf(property),
    required: required.includes(name),
    description: typeof property.description === "string" ? property.description : "",
  }));
}

/** A value as a shell word in single quotes. */
const quoted = (text: string) => `'${text.replaceAll("'", "'\\''")}'`;

function curlOf(baseUrl: string, method: string, path: string, operation: OpenApiDocument["paths"][string][string]) {
  const examplePath = path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const parameter = operation.parameters.find((each) => each.name === name);
    return parameter?.schema.type === "integer" ? "42" : `<${name}>`;
  });
  const query = operation.parameters
    .filter((parameter) => parameter.in === "query" && parameter.schema.example !== undefined)
    .map((parameter) => `${parameter.name}=${encodeURIComponent(String(parameter.schema.example))}`)
    .join("&");
  const url = `${baseUrl}${examplePath}${query ? `?${query}` : ""}`;
  const lines = [
    `curl${method === "get" ? "" : ` -X ${method.toUpperCase()}`} ${quoted(url)}`,
    `-H "Authorization: Bearer $DGM_API_KEY"`,
  ];
  const body = operation.requestBody?.content["application/json"].example;
  if (body !== undefined) lines.push(`-H "Content-Type: application/json"`, `-d ${quoted(JSON.stringify(body))}`);
  return lines.join(" \\\n  ");
}

export function apiReference(document: OpenApiDocument): ApiReference {
  const baseUrl = document.servers[0]?.url ?? "";
  const sections = document.tags.map(({ name }) => ({ tag: name, operations: [] as ReferenceOperation[] }));
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      const [successStatus, success] = Object.entries(operation.responses).find(([status]) => status < "300")!;
      const entry: ReferenceOperation = {
        id: operation.operationId,
        method: method.toUpperCase(),
        path,
        summary: operation.summary,
        description: operation.description ?? "",
        scope: operation["x-scope"],
        parameters: operation.parameters.map((parameter) => ({
          name: parameter.name,
          in: parameter.in,
          type: typeOf(parameter.schema),
          required: parameter.required,
          description: parameter.description ?? "",
        })),
        bodyFields: fieldsOf(operation.requestBody?.content["application/json"].schema),
        curl: curlOf(baseUrl, method, path, operation),
        success: {
          status: successStatus,
          description: success.description,
          example: JSON.stringify(success.content["application/json"]?.example ?? null, null, 2),
        },
        errors: Object.entries(operation.responses)
          .filter(([status]) => status >= "400")
          .map(([status, response]) => ({ status, description: response.description })),
      };
      sections.find((section) => section.tag === operation.tags[0])?.operations.push(entry);
    }
  }
  return { baseUrl, sections: sections.filter((section) => section.operations.length > 0) };
}
