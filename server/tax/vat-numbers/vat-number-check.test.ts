import express from "express";
import { beforeEach, describe, expect, it } from "vitest";
import { serveForTests } from "../../../tests/support/test-server.ts";
import { Refusal } from "../../lib/refusal.ts";
import type { VatCheckLimit } from "./vat-check-limit.ts";
import { checkVatNumber, type VatNumberCheckServices } from "./vat-number-check.ts";
import { viesAnswerCache } from "./vies-answer-cache.ts";
import { type StandInRegister, viesStandIn } from "./vies-stand-in.ts";

// A buyer's VAT number from the checkout's field to the answer the order keeps, against the VIES
// stand-in: refused when malformed or not registered, confirmed (and kept a day), or unchecked when
// VIES cannot say. The limit is a counter here; vat-check-limit.test.ts tests the real one.

const register: StandInRegister = {
  traders: {
    EL000000024: { name: "ΔΟΚΙΜΗ ΑΕ", address: "ΟΔΟΣ 1, 10431 ΑΘΗΝΑ" },
    XI100000089: { name: "Belfast Test Ltd" },
  },
  unavailableMemberStates: ["MT"],
  errors: { DE100000008: "TIMEOUT" },
};
let asked = 0;
const standIn = serveForTests(() => express().use(viesStandIn({ register, onRequest: () => asked++ })));

let taken: string[] = [];
const countingLimit: VatCheckLimit = {
  async take(client) {
    taken.push(client);
  },
};
let services: VatNumberCheckServices;
beforeEach(() => {
  asked = 0;
  taken = [];
  services = { vies: { baseUrl: standIn.baseUrl }, cache: viesAnswerCache(), limit: countingLimit };
});

const check = (input: string, country?: string) => checkVatNumber(services, { input, country, client: "203.0.113.7" });

/** The refusal `work` throws. */
async function refusalOf(work: Promise<unknown>): Promise<Refusal> {
  const error = await work.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(Refusal);
  return error as Refusal;
}

describe("checkVatNumber", () => {
  it("confirms a registered number as typed (GR, spaces, dots), with Greece's ISO code and VIES's evidence", async () => {
    expect(await check("gr 000.000.024")).toEqual({
      status: "valid",
      vatNumber: "EL000000024",
      country: "GR",
      name: "ΔΟΚΙΜΗ ΑΕ",
      address: "ΟΔΟΣ 1, 10431 ΑΘΗΝΑ",
      consultationNumber: undefined,
      checkedAt: expect.any(String),
    });
    expect(taken).toEqual(["203.0.113.7"]);
  });

  it("takes the prefix from the buyer's country when the number has none; XI is the United Kingdom's", async () => {
    expect(await check("000000024", "GR")).toMatchObject({ status: "valid", vatNumber: "EL000000024" });
    expect(await check("XI 100 0000 89")).toMatchObject({ status: "valid", vatNumber: "XI100000089", country: "GB" });
  });

  it("answers a second check of a valid number from the cache: VIES is not asked, the limit not counted", async () => {
    const first = await check("EL000000024");
    const second = await check("EL 000000024");
    expect(second).toEqual(first);
    expect(asked).toBe(1);
    expect(taken).toHaveLength(1);
  });

  it("refuses a malformed number with what is wrong, without asking VIES or counting it", async () => {
    const refusal = await refusalOf(check("FR123"));
    expect(refusal.kind).toBe("invalid");
    expect(refusal.field).toBe("vatNumber");
    expect(refusal.message).toMatch(/^This is not a valid VAT number for France: /);
    expect(asked).toBe(0);
    expect(taken).toEqual([]);
  });

  it("refuses a number VIES does not know, saying so, and keeps nothing", async () => {
    const refusal = await refusalOf(check("EL000000036"));
    expect(refusal.kind).toBe("invalid");
    expect(refusal.field).toBe("vatNumber");
    expect(refusal.message).toBe(
      "VIES, the EU's register of VAT numbers, does not know EL000000036 as a VAT number registered in Greece. Please check it, or leave it out and pay with VAT.",
    );
    await refusalOf(check("EL000000036"));
    expect(asked).toBe(2);
  });

  it("answers unchecked when the member state's register is away: VAT charged, claimable later; not kept", async () => {
    const answer = await check("MT12345634");
    expect(answer).toEqual({
      status: "unavailable",
      vatNumber: "MT12345634",
      country: "MT",
      reason: "MS_UNAVAILABLE",
      detail: "VIES answered MS_UNAVAILABLE",
      message:
        "Your VAT number could not be checked just now (Malta's register did not answer). You pay VAT on this order; once the number is confirmed, you can claim the VAT back.",
    });
    await check("MT12345634");
    expect(asked).toBe(2);
  });

  it("says VIES itself did not answer when the trouble is not the member state's", async () => {
    expect(await check("DE100000008")).toMatchObject({
      status: "unavailable",
      reason: "TIMEOUT",
      message: expect.stringContaining("(the EU's VIES service did not answer)"),
    });
  });

  it("refuses a check past the client's limit, before VIES is asked", async () => {
    services.limit = {
      async take() {
        throw new Refusal("Too many", "rate-limited", { field: "vatNumber" });
      },
    };
    expect((await refusalOf(check("EL000000024"))).kind).toBe("rate-limited");
    expect(asked).toBe(0);
  });
});
