import { describe, expect, it } from "vitest";
import { parseConfig } from "../config/env.ts";
import { invoiceSupplierOf } from "./supplier.ts";

describe("the shop as the supplier on its invoices", () => {
  it("is the owner with their postal address and the shop's VAT number, as configured", () => {
    const config = parseConfig({
      SHOP_NAME: "Test Market",
      SHOP_OWNER_NAME: "Test Market GmbH",
      SHOP_OWNER_ADDRESS: "Hauptstraße 1; 10115 Berlin; Germany",
      SUPPORT_EMAIL: "help@market.test",
      VIES_REQUESTER_VAT_NUMBER: "DE 136 695 976",
    });
    expect(invoiceSupplierOf(config)).toEqual({
      name: "Test Market GmbH",
      address: ["Hauptstraße 1", "10115 Berlin", "Germany"],
      email: "help@market.test",
      taxNumber: "DE136695976",
    });
  });

  it("is the shop's name and support address alone when nothing more is configured", () => {
    expect(invoiceSupplierOf(parseConfig({ SHOP_NAME: "Test Market", SUPPORT_EMAIL: "help@market.test" }))).toEqual({
      name: "Test Market",
      address: [],
      email: "help@market.test",
    });
  });
});
