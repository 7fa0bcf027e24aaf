import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { productFormSchema } from "./product-schema.ts";

// The license prices of the product form: Personal is the form's price, Commercial and Extended
// are sold only when priced, each at least the tier below it that is sold. Compared in cents.

const PRODUCT = {
  title: "Calm Weekly Planner",
  description: "A calm weekly planner with habit trackers and notes pages.",
  categoryId: "3",
  format: "PDF",
  price: "12.50",
};

const COMMERCIAL_BELOW = "The Commercial price must be at least the Personal price.";
const EXTENDED_BELOW_COMMERCIAL = "The Extended price must be at least the Commercial price.";
const EXTENDED_BELOW_PERSONAL = "The Extended price must be at least the Personal price.";

/** Each field's problem, by field. */
const problems = (input: Record<string, string>) =>
  Object.fromEntries(
    (productFormSchema.safeParse({ ...PRODUCT, ...input }).error?.issues ?? []).map((issue) => [
      issue.path.join("."),
      issue.message,
    ]),
  );

const prices = (input: Record<string, string>) => {
  const { price, commercialPrice, extendedPrice } = productFormSchema.parse({ ...PRODUCT, ...input });
  return { price, commercialPrice, extendedPrice };
};

describe("the product form's license prices", () => {
  it("reads each price to cents; a tier left empty is not sold", () => {
    expect(prices({ commercialPrice: "39.99", extendedPrice: " 79.9 " })).toEqual({
      price: 1250,
      commercialPrice: 3999,
      extendedPrice: 7990,
    });
    expect(prices({ commercialPrice: "", extendedPrice: "  " })).toEqual({
      price: 1250,
      commercialPrice: undefined,
      extendedPrice: undefined,
    });
    expect(prices({})).toEqual({ price: 1250, commercialPrice: undefined, extendedPrice: undefined });
  });

  it("requires the Personal price", () => {
    expect(problems({ price: "" })).toEqual({ price: "Enter the price in dollars, like 12.99." });
    const { price: _, ...withoutPrice } = PRODUCT;
    expect(productFormSchema.safeParse(withoutPrice).error?.issues.map((issue) => issue.message)).toEqual([
      "Enter the price in dollars, like 12.99.",
    ]);
  });

  it("refuses a price that is not dollars and cents, naming the tier", () => {
    expect(problems({ commercialPrice: "39,99", extendedPrice: "79.999" })).toEqual({
      commercialPrice: "Enter the Commercial price in dollars, like 12.99.",
      extendedPrice: "Enter the Extended price in dollars, like 12.99.",
    });
    expect(problems({ commercialPrice: "-40" })).toEqual({
      commercialPrice: "Enter the Commercial price in dollars, like 12.99.",
    });
  });

  it("a Commercial price is at least the Personal price, to the cent", () => {
    expect(problems({ commercialPrice: "12.49" })).toEqual({ commercialPrice: COMMERCIAL_BELOW });
    expect(problems({ commercialPrice: "12.50" })).toEqual({});
    expect(problems({ commercialPrice: "12.5" })).toEqual({});
    expect(problems({ commercialPrice: "12.51" })).toEqual({});
  });

  it("an Extended price is at least the Commercial price, to the cent", () => {
    expect(problems({ commercialPrice: "40", extendedPrice: "39.99" })).toEqual({
      extendedPrice: EXTENDED_BELOW_COMMERCIAL,
    });
    // Above the Personal price is not enough when a Commercial license is sold.
    expect(problems({ commercialPrice: "40", extendedPrice: "20" })).toEqual({
      extendedPrice: EXTENDED_BELOW_COMMERCIAL,
    });
    expect(problems({ commercialPrice: "40", extendedPrice: "40.00" })).toEqual({});
    expect(problems({ commercialPrice: "40", extendedPrice: "40.01" })).toEqual({});
  });

  it("without a Commercial license, an Extended price is at least the Personal price, to the cent", () => {
    expect(problems({ extendedPrice: "12.49" })).toEqual({ extendedPrice: EXTENDED_BELOW_PERSONAL });
    expect(problems({ commercialPrice: "", extendedPrice: "12.49" })).toEqual({
      extendedPrice: EXTENDED_BELOW_PERSONAL,
    });
    expect(problems({ extendedPrice: "12.50" })).toEqual({});
  });

  it("both rules at once, each beside its own field", () => {
    expect(problems({ commercialPrice: "10", extendedPrice: "9.99" })).toEqual({
      commercialPrice: COMMERCIAL_BELOW,
      extendedPrice: EXTENDED_BELOW_COMMERCIAL,
    });
  });

  it("shows the license prices' problems with the other fields' (not only once the rest passes)", () => {
    expect(problems({ title: "ab", commercialPrice: "5", extendedPrice: "4" })).toEqual({
      title: "The title needs at least 3 characters.",
      commercialPrice: COMMERCIAL_BELOW,
      extendedPrice: EXTENDED_BELOW_COMMERCIAL,
    });
    // A Personal price that cannot be read is compared with nothing.
    expect(problems({ price: "twelve", commercialPrice: "5", extendedPrice: "4" })).toEqual({
      price: "Enter the price in dollars, like 12.99.",
    });
  });

  it("as the browser checks it (Conform: an empty field is sent as nothing)", () => {
    const form = new FormData();
    for (const [name, value] of Object.entries({ ...PRODUCT, commercialPrice: "", extendedPrice: "11" })) {
      form.append(name, value);
    }
    expect(parseWithZod(form, { schema: productFormSchema }).reply().error).toEqual({
      extendedPrice: [EXTENDED_BELOW_PERSONAL],
    });
  });
});
