import express from "express";
import { describe, expect, it } from "vitest";
import { serveForTests } from "../../../tests/support/test-server.ts";
import { readVatNumber } from "./vat-number-format.ts";
import { VIES_MEMBER_STATES } from "./vat-number-rules.ts";
import { VIES_NO_VERDICT_CODES } from "./vies-client.ts";
import { viesStandIn } from "./vies-stand-in.ts";
import register from "./vies-stand-in-register.json" with { type: "json" };

// The stand-in answers in the API's own shapes (swagger_publicVAT.yaml: CheckVatResponse, and
// CommonResponse for errors), and its own register is one the shop's format check accepts.

const standIn = serveForTests(() => express().use(viesStandIn()));

const post = (body: string) =>
  fetch(`${standIn.baseUrl}/check-vat-number`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body,
  });

describe("the VIES stand-in", () => {
  it("answers a registered number with the API's CheckVatResponse", async () => {
    const [whole, trader] = Object.entries(register.traders).find(([, each]) => "name" in each)!;
    const response = await post(JSON.stringify({ countryCode: whole.slice(0, 2), vatNumber: whole.slice(2) }));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      countryCode: whole.slice(0, 2),
      vatNumber: whole.slice(2),
      requestDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
      valid: true,
      requestIdentifier: "",
      name: (trader as { name: string }).name,
      address: (trader as { address: string }).address,
      traderName: "---",
      traderStreet: "---",
      traderPostalCode: "---",
      traderCity: "---",
      traderCompanyType: "---",
      traderNameMatch: "NOT_PROCESSED",
      traderStreetMatch: "NOT_PROCESSED",
      traderPostalCodeMatch: "NOT_PROCESSED",
      traderCityMatch: "NOT_PROCESSED",
      traderCompanyTypeMatch: "NOT_PROCESSED",
    });
  });

  it.each([
    ["an unknown member state (Greece as GR)", JSON.stringify({ countryCode: "GR", vatNumber: "094259216" })],
    ["no number", JSON.stringify({ countryCode: "DE" })],
    ["an empty number", JSON.stringify({ countryCode: "DE", vatNumber: "" })],
    ["a number with other characters", JSON.stringify({ countryCode: "DE", vatNumber: "12 34" })],
    ["a body that is not JSON", "countryCode=DE"],
  ])("refuses %s with INVALID_INPUT in the API's error shape (400)", async (_case, body) => {
    const response = await post(body);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ actionSucceed: false, errorWrappers: [{ error: "INVALID_INPUT" }] });
  });

  it("answers MS_UNAVAILABLE (500) for every number of a member state it says is away", async () => {
    const [away] = register.unavailableMemberStates;
    const response = await post(JSON.stringify({ countryCode: away, vatNumber: "12345678" }));
    expect(response.status).toBe(500);
    expect(await response.json()).toEqual({ actionSucceed: false, errorWrappers: [{ error: "MS_UNAVAILABLE" }] });
  });

  it("holds, for the demo shop, traders whose numbers the shop's format check accepts, and errors VIES documents", () => {
    const numbers = Object.keys(register.traders);
    expect(numbers.length).toBeGreaterThan(0);
    for (const whole of numbers) expect(readVatNumber(whole), whole).toMatchObject({ ok: true, vatNumber: whole });
    for (const [whole, code] of Object.entries(register.errors)) {
      expect(readVatNumber(whole), whole).toMatchObject({ ok: true });
      expect(VIES_NO_VERDICT_CODES, whole).toContain(code);
    }
    for (const away of register.unavailableMemberStates) expect(VIES_MEMBER_STATES).toContain(away);
  });
});
