import { BodyTooLargeError } from "@server/http/body-limit.ts";
import { asRefusal, INVALID_VALUE } from "@server/http/error-answers.ts";
import { Refusal } from "@server/lib/refusal.ts";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import {
  FORM_CONTROL_CHARACTERS,
  FORM_TYPE_REFUSED,
  FORM_UNREADABLE,
  parseForm,
  parseIntent,
  parseSubmission,
  readForm,
  UNKNOWN_INTENT,
} from "./form.server";

const request = (body: BodyInit | null, contentType?: string) =>
  new Request("http://shop.test/", {
    method: "POST",
    body,
    headers: contentType ? { "content-type": contentType } : {},
  });

async function refusalOf(promise: Promise<unknown>): Promise<Refusal> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(Refusal);
  return error as Refusal;
}

describe("reading a form", () => {
  it("reads web forms, in either encoding", async () => {
    expect(
      (await readForm(request("intent=add&productId=3", "application/x-www-form-urlencoded"))).get("productId"),
    ).toBe("3");
    const multipart = new FormData();
    multipart.set("name", "Ada\r\nLovelace\t");
    expect((await readForm(new Request("http://shop.test/", { method: "POST", body: multipart }))).get("name")).toBe(
      "Ada\r\nLovelace\t",
    );
  });

  it.each([
    ["JSON", '{"intent":"add"}', "application/json"],
    ["text", "intent=add", "text/plain"],
    ["XML", "<a/>", "application/xml"],
    ["nothing", null, undefined],
  ])("refuses %s with 415", async (_, body, type) => {
    const refusal = await refusalOf(readForm(request(body, type)));
    expect([refusal.status, refusal.message]).toEqual([415, FORM_TYPE_REFUSED]);
  });

  it("refuses a broken multipart body with 400", async () => {
    const refusal = await refusalOf(readForm(request("--x\r\nbroken", "multipart/form-data; boundary=x")));
    expect([refusal.status, refusal.message]).toEqual([400, FORM_UNREADABLE]);
  });

  it("refuses control characters in names and values", async () => {
    for (const body of ["a=%00", "a%01=b", "a=x%7F"]) {
      const refusal = await refusalOf(readForm(request(body, "application/x-www-form-urlencoded")));
      expect([refusal.status, refusal.message]).toEqual([400, FORM_CONTROL_CHARACTERS]);
    }
  });

  it("answers a body past its bound with 413", async () => {
    const body = new ReadableStream({
      start(controller) {
        controller.enqueue(new TextEncoder().encode("a=1"));
        controller.error(new BodyTooLargeError(1024));
      },
    });
    const refusal = await refusalOf(
      readForm(
        new Request("http://shop.test/", {
          method: "POST",
          body,
          duplex: "half",
          headers: { "content-type": "application/x-www-form-urlencoded" },
        } as RequestInit),
      ),
    );
    expect(refusal.status).toBe(413);
  });
});

describe("errors that are refusals", () => {
  it("include a value PostgreSQL refuses as data, never a 500", () => {
    const pgError = Object.assign(new Error('invalid input syntax for type integer: "abc"'), { code: "22P02" });
    const wrapped = new Error("Failed query", { cause: pgError });
    expect(asRefusal(wrapped)).toMatchObject({ status: 400, message: INVALID_VALUE });
    expect(asRefusal(Object.assign(new Error("NUL"), { code: "22021" }))?.status).toBe(400);
  });

  it("leave faults alone", () => {
    expect(asRefusal(new Error("boom"))).toBeUndefined();
    expect(asRefusal(Object.assign(new Error("unique"), { code: "23505" }))).toBeUndefined();
  });
});

describe("a form checked as a submission", () => {
  const schema = z.object({ name: z.string({ error: "Please enter your name." }).min(3, "At least 3 letters.") });
  const form = (fields: Record<string, string>) => {
    const data = new FormData();
    for (const [name, value] of Object.entries(fields)) data.set(name, value);
    return data;
  };

  it("passes a good form, and gives each field's problem back with what was typed", () => {
    expect(parseSubmission(form({ name: "Ada" }), schema)).toMatchObject({ status: "success", value: { name: "Ada" } });
    const refused = parseSubmission(form({ name: "Al" }), schema);
    expect(refused.status).toBe("error");
    expect(refused.reply()).toMatchObject({ error: { name: ["At least 3 letters."] }, initialValue: { name: "Al" } });
  });

  it.each([
    ["__intent__", "not json"],
    ["__intent__", '{"type":5}'],
    ["__state__", "{broken"],
  ])("refuses Conform's own field %s sent broken (%s) as an unreadable form, not a fault", (name, value) => {
    expect(() => parseSubmission(form({ name: "Ada", [name]: value }), schema)).toThrow(FORM_UNREADABLE);
    try {
      parseSubmission(form({ [name]: value }), schema);
    } catch (error) {
      expect(error).toBeInstanceOf(Refusal);
      expect((error as Refusal).status).toBe(400);
    }
  });
});

describe("a form's intent", () => {
  const schema = z.discriminatedUnion("intent", [
    z.object({ intent: z.literal("approve"), id: z.coerce.number().int() }),
    z.object({ intent: z.literal("reject"), reason: z.string().min(3, "Give a reason.") }),
  ]);
  const form = (fields: Record<string, string>) => {
    const data = new FormData();
    for (const [name, value] of Object.entries(fields)) data.set(name, value);
    return data;
  };

  it("chooses what the form asks for", () => {
    expect(parseIntent(form({ intent: "approve", id: "4" }), schema)).toEqual({ intent: "approve", id: 4 });
  });

  it("refuses an intent the page does not know, or none, rather than taking it for another", () => {
    for (const fields of [{ intent: "delete-everything" }, {}, { intent: "" }] as Record<string, string>[]) {
      expect(() => parseIntent(form(fields), schema)).toThrow(UNKNOWN_INTENT);
    }
  });

  it("refuses a known intent's bad fields with the first problem", () => {
    expect(() => parseIntent(form({ intent: "reject", reason: "x" }), schema)).toThrow("Give a reason.");
    expect(() => parseForm(form({ reason: "x" }), z.object({ reason: z.string().min(3, "Too short.") }))).toThrow(
      "Too short.",
    );
  });
});
