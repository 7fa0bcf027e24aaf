import { describe, expect, it } from "vitest";
import { cardPaymentSchema } from "./card-payment-schema.ts";

const problems = (input: object) =>
  Object.fromEntries(
    (cardPaymentSchema.safeParse(input).error?.issues ?? []).map((issue) => [issue.path[0], issue.message]),
  );

describe("the payment page's card form", () => {
  it("takes a card as typed, spaces and slash included", () => {
    expect(
      cardPaymentSchema.parse({ name: " Ada ", number: "4242 4242 4242 4242", expiry: "12/39", cvc: "123" }),
    ).toEqual({ name: "Ada", number: "4242 4242 4242 4242", expiry: "12/39", cvc: "123" });
  });

  it("names each field's problem, in the payment page's words", () => {
    expect(problems({ name: " ", number: "4242 4242 4242 4241", expiry: "13/30", cvc: "12" })).toEqual({
      name: "Enter the name on the card.",
      number: "Your card number is incorrect.",
      expiry: "Enter the expiry date as MM/YY.",
      cvc: "Your card's security code is incomplete.",
    });
    expect(Object.keys(problems({}))).toEqual(["name", "number", "expiry", "cvc"]);
  });
});
