import { describe, expect, it } from "vitest";
import { compactVatNumber, VAT_NUMBER_MESSAGES, vatNumberFieldSchema } from "./vat-number-schema.ts";

describe("compactVatNumber", () => {
  it("takes out spaces, dots, dashes and slashes, and writes it in capitals", () => {
    expect(compactVatNumber(" el 094.259-216 ")).toBe("EL094259216");
    expect(compactVatNumber("NL 0044/95445 b01")).toBe("NL004495445B01");
    expect(compactVatNumber("DE\u00a0136\u2013695\u2009976")).toBe("DE136695976");
  });
});

describe("vatNumberFieldSchema", () => {
  const parse = (value: string | undefined) => vatNumberFieldSchema.safeParse(value);
  const messages = (value: string) => parse(value).error?.issues.map((issue) => issue.message);

  it("answers the compacted number, and none for an empty or missing field", () => {
    expect(parse("fr 40 303 265 045").data).toBe("FR40303265045");
    expect(parse("IE 1234567 T").data).toBe("IE1234567T");
    expect(parse("   ").data).toBeUndefined();
    expect(parse(undefined).data).toBeUndefined();
  });

  it("refuses other characters and numbers too long, each with one message", () => {
    expect(messages("DE 1234#5678")).toEqual([VAT_NUMBER_MESSAGES.characters]);
    expect(messages("DE1234567890123")).toEqual([VAT_NUMBER_MESSAGES.length]);
    expect(messages("D".repeat(41))).toEqual([VAT_NUMBER_MESSAGES.length]);
  });
});
