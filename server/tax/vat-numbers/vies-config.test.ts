import { describe, expect, it } from "vitest";
import { ConfigError, parseConfig } from "../../config/env.ts";

// VIES_URL and VIES_REQUESTER_VAT_NUMBER (server/config/env.ts): a live shop asks the Commission's
// service, a demo shop its own stand-in, unless VIES_URL says where.

describe("the VIES settings", () => {
  it("ask the Commission's service in a live shop, the shop's own stand-in in a demo one", () => {
    expect(parseConfig({ SHOP_MODE: "live" }).vies).toEqual({
      baseUrl: "https://ec.europa.eu/taxation_customs/vies/rest-api",
      requester: undefined,
      standIn: false,
    });
    expect(parseConfig({ SHOP_MODE: "demo", PUBLIC_URL: "https://demo.example/" }).vies).toEqual({
      baseUrl: "https://demo.example/stand-ins/vies",
      requester: undefined,
      standIn: true,
    });
  });

  it("ask VIES_URL when it is set, in either mode", () => {
    for (const mode of ["demo", "live"]) {
      expect(parseConfig({ SHOP_MODE: mode, VIES_URL: "http://127.0.0.1:8099/vies/" }).vies).toEqual({
        baseUrl: "http://127.0.0.1:8099/vies",
        requester: undefined,
        standIn: false,
      });
    }
    expect(() => parseConfig({ VIES_URL: "ftp://vies.example" })).toThrow(
      "VIES_URL: must be an http:// or https:// URL",
    );
  });

  it("name the shop's own VAT number as the requester, read as a buyer's is (GR as EL)", () => {
    expect(parseConfig({ VIES_REQUESTER_VAT_NUMBER: "gr 000 000 024" }).vies.requester).toEqual({
      countryCode: "EL",
      number: "000000024",
    });
  });

  it("stop the server on a requester number that is not one, saying why", () => {
    expect(() => parseConfig({ VIES_REQUESTER_VAT_NUMBER: "FR123" })).toThrow(ConfigError);
    expect(() => parseConfig({ VIES_REQUESTER_VAT_NUMBER: "FR123" })).toThrow(
      /VIES_REQUESTER_VAT_NUMBER: must be the shop's own EU VAT number with its prefix, like DE123456789 \(This is not a valid VAT number for France: /,
    );
  });
});
