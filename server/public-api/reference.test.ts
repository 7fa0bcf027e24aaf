import { describe, expect, it } from "vitest";
import { openApiDocument } from "./openapi.ts";
import { PUBLIC_API_OPERATIONS } from "./operations/index.ts";
import { apiReference, typeOf } from "./reference.ts";

// The reference page's reading of the OpenAPI document.

const reference = apiReference(openApiDocument(PUBLIC_API_OPERATIONS, "https://shop.example"));
const operation = (id: string) =>
  reference.sections.flatMap((section) => section.operations).find((each) => each.id === id)!;

describe("the API reference", () => {
  it("spells license as the shop does, in every description and example", () => {
    const text = JSON.stringify(openApiDocument(PUBLIC_API_OPERATIONS, "https://shop.example"));
    expect(text).toContain("license");
    expect(text.match(/[^-_/.a-z]licence/gi) ?? []).toEqual([]);
  });

  it("shows every operation of the document once, in its section", () => {
    const ids = reference.sections.flatMap((section) => section.operations.map((each) => each.id));
    expect(ids.sort()).toEqual(PUBLIC_API_OPERATIONS.map((each) => each.operationId).sort());
    expect(reference.baseUrl).toBe("https://shop.example/api/public/v1");
  });

  it("gives an operation's method, path, scope, parameters, refusals and examples", () => {
    const get = operation("getProduct");
    expect(get).toMatchObject({ method: "GET", path: "/products/{id}", scope: "read" });
    expect(get.parameters).toEqual([
      expect.objectContaining({ name: "id", in: "path", type: "integer", required: true }),
    ]);
    expect(get.errors.map((error) => error.status)).toEqual(["400", "401", "403", "404", "429", "500", "503"]);
    expect(get.curl).toBe(
      `curl 'https://shop.example/api/public/v1/products/42' \\\n  -H "Authorization: Bearer $DGM_API_KEY"`,
    );
    expect(JSON.parse(get.success.example)).toMatchObject({ id: 42, currency: "usd" });
  });

  it("lists a body's fields and sends the example body in the curl command", () => {
    const create = operation("createProduct");
    expect(create.scope).toBe("write");
    expect(create.bodyFields.find((field) => field.name === "title")).toMatchObject({ type: "string", required: true });
    expect(create.bodyFields.find((field) => field.name === "commercialPriceCents")).toMatchObject({
      type: "integer or null",
      required: false,
    });
    expect(create.curl).toContain(`-X POST 'https://shop.example/api/public/v1/products'`);
    expect(create.curl).toContain(`-H "Content-Type: application/json"`);
    expect(create.curl).toMatch(/-d '\{"title":"Calm Weekly Planner"/);
  });

  it("puts query parameters with an example into the curl command", () => {
    expect(operation("listSales").curl).toContain("/sales?from=2026-11-01&to=2026-12-01");
  });

  it("says a schema's type in a few words", () => {
    expect(typeOf({ type: "string", enum: ["draft", "published"] })).toBe("one of: draft, published");
    expect(typeOf({ type: "array", items: { type: "string" } })).toBe("array of string");
    expect(typeOf({ type: "string", format: "date-time" })).toBe("string (date-time)");
    expect(typeOf({ anyOf: [{ type: "integer" }, { type: "null" }] })).toBe("integer or null");
    expect(typeOf(undefined)).toBe("any");
  });
});
