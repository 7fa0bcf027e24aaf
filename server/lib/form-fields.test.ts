import { describe, expect, it } from "vitest";
import { z } from "zod";
import { parseForm, parseIntent, UNKNOWN_INTENT } from "./form-fields.ts";

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
