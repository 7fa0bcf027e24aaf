import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { type RequestServices, servicesContext } from "../../server/http/context.ts";
import { legalPageData } from "./legal-pages.server";

// What the Privacy Policy and Terms read of the shop's configuration, and what stands in without it.

function contextWith(services: Partial<RequestServices>) {
  const context = new RouterContextProvider();
  context.set(servicesContext, services as RequestServices);
  return context;
}

const shop = { shopName: "Test Market", shopMode: "live", supportEmail: "help@shop.test" } as const;

describe("the legal pages' data", () => {
  it("is the configured owner, address, privacy address and outside services", () => {
    const privacy = {
      shopMode: "live",
      ownerName: "Test Market Ltd",
      ownerAddress: ["1 Market Street"],
      privacyEmail: "privacy@shop.test",
      processors: ["stripe"],
    } as const;
    expect(legalPageData(contextWith({ ...shop, privacy }))).toEqual({
      shopName: "Test Market",
      supportEmail: "help@shop.test",
      guestCartDays: 90,
      ...privacy,
    });
  });

  it("names the shop and its support address when nothing is configured", () => {
    expect(legalPageData(contextWith(shop))).toMatchObject({
      ownerName: "Test Market",
      ownerAddress: [],
      privacyEmail: "help@shop.test",
      processors: [],
      shopMode: "live",
    });
  });
});
