import { describe, expect, it } from "vitest";
import { caretAfterDigits, formatCardNumber, formatExpiry, parseExpiry } from "./card-input.ts";

// The payment page's card fields: read however the date is typed, and shown
// formatted as it is typed.

describe("parseExpiry", () => {
  it.each([
    ["12/30", 12, 2030],
    ["1230", 12, 2030],
    ["12 / 30", 12, 2030],
    ["12-30", 12, 2030],
    ["12/2030", 12, 2030],
    ["122030", 12, 2030],
    ["1/30", 1, 2030],
    ["01 30", 1, 2030],
    [" 07/26 ", 7, 2026],
  ])("reads %j as %i/%i", (text, month, year) => {
    expect(parseExpiry(text)).toEqual({ month, year });
  });

  it.each(["13/30", "00/30", "1330", "123", "12/3", "12/203", "12/1930", "12//30", "ab/cd", ""])(
    "reads %j as no date",
    (text) => {
      expect(parseExpiry(text)).toBeNull();
    },
  );
});

describe("formatting as the buyer types", () => {
  it("groups a card number's digits in fours, whatever was typed between them, up to 19 digits", () => {
    expect(formatCardNumber("4242")).toBe("4242");
    expect(formatCardNumber("42424")).toBe("4242 4");
    expect(formatCardNumber("4242424242424242")).toBe("4242 4242 4242 4242");
    expect(formatCardNumber("4242-4242 42x42")).toBe("4242 4242 4242");
    expect(formatCardNumber("1".repeat(25))).toBe("1111 1111 1111 1111 111");
  });

  it.each([
    ["1", "1"],
    ["12", "12"],
    ["12/", "12"],
    ["123", "12/3"],
    ["1230", "12/30"],
    ["12/30", "12/30"],
    ["12/305", "12/30"],
    ["1/", "01"],
    ["1/3", "01/3"],
    ["12 / 30", "12/30"],
    ["12/2030", "12/30"],
    ["1/30", "01/30"],
  ])("shows the expiry typed as %j as %j", (typed, shown) => {
    expect(formatExpiry(typed)).toBe(shown);
  });

  it("keeps the caret after the same digit", () => {
    // "4242 4242" with a 9 typed after the fifth digit: "42424|9242" becomes "4242 49|242".
    expect(caretAfterDigits("4242 4924 2", 6)).toBe(7);
    expect(caretAfterDigits("12/30", 2)).toBe(2);
    expect(caretAfterDigits("12/30", 3)).toBe(4);
    expect(caretAfterDigits("12/30", 0)).toBe(0);
  });
});
