import { productModerationSchema } from "@server/moderation/product-moderation.ts";
import { describe, expect, it } from "vitest";
import { UNKNOWN_INTENT } from "~/lib/form.server";
import { parseDecision } from "./decision-form.server";

const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  return data;
};

describe("an admin decision's form", () => {
  it("passes a decision with its note", () => {
    const parsed = parseDecision(
      form({ intent: "hide", productId: "12", note: " The previews show another shop's logo. " }),
      productModerationSchema,
      "note",
    );
    expect(parsed.decision).toEqual({ intent: "hide", productId: 12, note: "The previews show another shop's logo." });
  });

  it("answers a note's problem beside the note, with what was typed", () => {
    const parsed = parseDecision(
      form({ intent: "hide", productId: "12", note: "short" }),
      productModerationSchema,
      "note",
    );
    expect(parsed.decision).toBeUndefined();
    expect(parsed.reply?.init?.status).toBe(400);
    const { result } = parsed.reply!.data;
    expect(result.error?.note).toEqual(["Tell the seller why in a few words (at least 10 characters)."]);
    expect(result.initialValue).toMatchObject({ intent: "hide", productId: "12", note: "short" });
  });

  it("refuses an intent the page does not know, and a form that names no row", () => {
    expect(() => parseDecision(form({ intent: "delete", productId: "12" }), productModerationSchema, "note")).toThrow(
      UNKNOWN_INTENT,
    );
    expect(() =>
      parseDecision(form({ intent: "hide", note: "A note long enough to pass." }), productModerationSchema, "note"),
    ).toThrow("Choose the product to hide.");
  });
});
