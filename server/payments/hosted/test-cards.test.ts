import { describe, expect, it } from "vitest";
import { type CardInput, TEST_CARDS, tryCard } from "./test-cards.ts";

// A fixed "now": 15 June 2026, noon UTC.
const NOW = new Date(Date.UTC(2026, 5, 15, 12));

const card = (changes: Partial<CardInput> = {}): CardInput => ({
  number: "4242 4242 4242 4242",
  expiry: "12/30",
  cvc: "123",
  name: "Ada Lovelace",
  ...changes,
});

const mistake = (field: keyof CardInput, reason: string) => ({ ok: false, reason, field, charged: false });

describe("the documented test cards", () => {
  it("4242 4242 4242 4242 succeeds, a card from the United States, with or without spaces or dashes", () => {
    const paid = { ok: true, cardCountry: "US" };
    expect(tryCard(card(), NOW)).toEqual(paid);
    expect(tryCard(card({ number: "4242424242424242" }), NOW)).toEqual(paid);
    expect(tryCard(card({ number: "4242-4242-4242-4242" }), NOW)).toEqual(paid);
  });

  it.each([
    ["4000 0027 6000 0016", "DE"],
    ["4000 0025 0000 0003", "FR"],
    ["4000 0082 6000 0000", "GB"],
  ])("%s succeeds, a card from %s (Stripe's test card of that country)", (number, country) => {
    expect(tryCard(card({ number }), NOW)).toEqual({ ok: true, cardCountry: country });
  });

  it("4000 0000 0000 0002 is declined by the bank: a reason, no field, nothing charged", () => {
    const outcome = tryCard(card({ number: "4000 0000 0000 0002" }), NOW);
    expect(outcome).toMatchObject({ ok: false, reason: "Your card was declined.", charged: false });
    expect(outcome.ok === false && outcome.field).toBeUndefined();
  });

  it("4000 0000 0000 0119 fails with a processing error, no field", () => {
    const outcome = tryCard(card({ number: "4000 0000 0000 0119" }), NOW);
    expect(outcome).toMatchObject({
      ok: false,
      reason: "An error occurred while processing your card. Please try again.",
      charged: false,
    });
    expect(outcome.ok === false && outcome.field).toBeUndefined();
  });

  it("lists exactly these cards with the results the page shows", () => {
    expect(TEST_CARDS.map((entry) => [entry.number, entry.result])).toEqual([
      ["4242 4242 4242 4242", "succeeds (a card from the United States)"],
      ["4000 0027 6000 0016", "succeeds (a card from Germany)"],
      ["4000 0025 0000 0003", "succeeds (a card from France)"],
      ["4000 0082 6000 0000", "succeeds (a card from the United Kingdom)"],
      ["4000 0000 0000 0002", "is declined"],
      ["4000 0000 0000 0119", "fails with a processing error"],
    ]);
    expect(TEST_CARDS.map((entry) => tryCard(card({ number: entry.number }), NOW).ok)).toEqual([
      true,
      true,
      true,
      true,
      false,
      false,
    ]);
  });
});

describe("mistakes in the form name their field", () => {
  it.each([
    ["a wrong check digit", "4242 4242 4242 4241"],
    ["too few digits", "4242 4242"],
    ["too many digits", "4242 4242 4242 4242 4242"],
    ["letters", "4242 4242 4242 424X"],
    ["nothing", ""],
  ])("refuses a card number with %s", (_, number) => {
    expect(tryCard(card({ number }), NOW)).toEqual(mistake("number", "Your card number is incorrect."));
  });

  it("refuses a valid number that is not one of the test cards", () => {
    // 5555 5555 5555 4444 passes the Luhn check, but this page only knows its three cards.
    expect(tryCard(card({ number: "5555 5555 5555 4444" }), NOW)).toEqual(
      mistake("number", "This is a test payment page: use one of the test card numbers shown."),
    );
  });

  it("refuses a card that expired before this month, and accepts one valid to the end of this month", () => {
    expect(tryCard(card({ expiry: "05/26" }), NOW)).toEqual(mistake("expiry", "Your card has expired."));
    expect(tryCard(card({ expiry: "12/25" }), NOW)).toEqual(mistake("expiry", "Your card has expired."));
    expect(tryCard(card({ expiry: "06/26" }), NOW)).toEqual({ ok: true, cardCountry: "US" });
    expect(tryCard(card({ expiry: "06/26" }), new Date(Date.UTC(2026, 5, 30, 23, 59)))).toEqual({
      ok: true,
      cardCountry: "US",
    });
    expect(tryCard(card({ expiry: "06/26" }), new Date(Date.UTC(2026, 6, 1)))).toEqual(
      mistake("expiry", "Your card has expired."),
    );
    expect(tryCard(card({ expiry: " 07 / 26 " }), NOW)).toEqual({ ok: true, cardCountry: "US" });
  });

  it.each(["12/30", "1230", "12 / 30", " 12/30 ", "12-30", "12.30", "12/2030", "122030", "1/30", "01 30"])(
    "reads the expiry %j as December 2030 or January 2030, however it is typed",
    (expiry) => {
      expect(tryCard(card({ expiry }), NOW)).toEqual({ ok: true, cardCountry: "US" });
    },
  );

  it.each(["13/30", "00/30", "0030", "1330", "12/3", "123", "12/203", "12/1930", "12//30", "ab/cd", "12/3o", ""])(
    "refuses the expiry %j as malformed",
    (expiry) => {
      expect(tryCard(card({ expiry }), NOW)).toEqual(mistake("expiry", "Enter the expiry date as MM/YY."));
    },
  );

  it.each(["", "   ", "12", "12345", "12a"])("refuses the security code %j", (cvc) => {
    expect(tryCard(card({ cvc }), NOW)).toEqual(mistake("cvc", "Your card's security code is incomplete."));
  });

  it("accepts a four-digit security code", () => {
    expect(tryCard(card({ cvc: "1234" }), NOW)).toEqual({ ok: true, cardCountry: "US" });
  });

  it.each(["", "   "])("refuses the name %j", (name) => {
    expect(tryCard(card({ name }), NOW)).toEqual(mistake("name", "Enter the name on the card."));
  });

  it("reports a form mistake before the bank's decision: a declined card with no security code is a cvc mistake", () => {
    expect(tryCard(card({ number: "4000 0000 0000 0002", cvc: "" }), NOW)).toEqual(
      mistake("cvc", "Your card's security code is incomplete."),
    );
  });
});
