import http from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { serveForTests } from "../../../tests/support/test-server.ts";
import { askVies, VIES_NO_VERDICT_CODES } from "./vies-client.ts";
import { type StandInRegister, viesStandIn } from "./vies-stand-in.ts";

// The VIES client against the stand-in of the REST API (every answer VIES documents), and against
// servers that answer what VIES should not (nothing in time, HTML, broken JSON).

const register: StandInRegister = {
  traders: {
    DE100000008: {},
    EL000000024: { name: "ΔΟΚΙΜΗ ΑΕ", address: "ΟΔΟΣ 1\n10431 ΑΘΗΝΑ" },
    IE1234567T: { name: "The Shop Ltd", address: "1 Main Street, Dublin" },
  },
  unavailableMemberStates: ["MT"],
  errors: {
    ...Object.fromEntries(VIES_NO_VERDICT_CODES.map((code, index) => [`PL${String(index).padStart(10, "0")}`, code])),
    PL9999999990: "INVALID_INPUT",
    PL9999999991: "VAT_BLOCKED",
    PL9999999992: "A_CODE_NOBODY_KNOWS",
  },
};

const requests: unknown[] = [];
const standIn = serveForTests(() => express().use(viesStandIn({ register, onRequest: (body) => requests.push(body) })));

/** A server that answers every request with `answer` (or never, without one). */
function rawServer(answer?: (res: http.ServerResponse) => void) {
  const server = { baseUrl: "" };
  const listening = http.createServer((_req, res) => answer?.(res));
  beforeAll(async () => {
    await new Promise<void>((resolve) => listening.listen(0, "127.0.0.1", resolve));
    server.baseUrl = `http://127.0.0.1:${(listening.address() as AddressInfo).port}`;
  });
  afterAll(() => {
    listening.closeAllConnections();
    listening.close();
  });
  return server;
}

const ask = (
  countryCode: string,
  vatNumber: string,
  options: { requester?: { countryCode: string; number: string } } = {},
) => askVies({ baseUrl: standIn.baseUrl, ...options }, { countryCode, vatNumber });

describe("askVies", () => {
  it("answers valid with the holder's name and address, and when VIES checked it", async () => {
    const before = Date.now();
    const answer = await ask("EL", "000000024");
    expect(answer).toEqual({
      status: "valid",
      countryCode: "EL",
      vatNumber: "000000024",
      name: "ΔΟΚΙΜΗ ΑΕ",
      address: "ΟΔΟΣ 1\n10431 ΑΘΗΝΑ",
      consultationNumber: undefined,
      checkedAt: expect.any(String),
    });
    expect(Date.parse(answer.status === "valid" ? answer.checkedAt : "")).toBeGreaterThanOrEqual(before - 1000);
    expect(requests.at(-1)).toEqual({ countryCode: "EL", vatNumber: "000000024" });
  });

  it("takes VIES's '---' (a member state that gives no name or address) as none", async () => {
    expect(await ask("DE", "100000008")).toMatchObject({ status: "valid", name: undefined, address: undefined });
  });

  it("names the shop as the requester when configured, and keeps the consultation number VIES gives", async () => {
    const answer = await ask("DE", "100000008", { requester: { countryCode: "IE", number: "1234567T" } });
    expect(requests.at(-1)).toEqual({
      countryCode: "DE",
      vatNumber: "100000008",
      requesterMemberStateCode: "IE",
      requesterNumber: "1234567T",
    });
    expect(answer).toMatchObject({ status: "valid", consultationNumber: expect.stringMatching(/^WAPI[0-9A-F]{12}$/) });
  });

  it("answers invalid for a number the member state does not know", async () => {
    expect(await ask("DE", "100000016")).toEqual({
      status: "invalid",
      countryCode: "DE",
      vatNumber: "100000016",
      reason: "not-registered",
      checkedAt: expect.any(String),
    });
  });

  it("answers unavailable, not invalid, when the member state's register is away", async () => {
    expect(await ask("MT", "12345678")).toEqual({
      status: "unavailable",
      reason: "MS_UNAVAILABLE",
      detail: "VIES answered MS_UNAVAILABLE",
    });
  });

  it.each(VIES_NO_VERDICT_CODES.map((code, index) => [code, index] as const))(
    "answers unavailable for VIES's %s",
    async (code, index) => {
      expect(await ask("PL", String(index).padStart(10, "0"))).toMatchObject({ status: "unavailable", reason: code });
    },
  );

  it("answers invalid for what VIES refuses to read (INVALID_INPUT) and for a blocked number (VAT_BLOCKED)", async () => {
    expect(await ask("PL", "9999999990")).toMatchObject({ status: "invalid", reason: "refused-input" });
    expect(await ask("PL", "9999999991")).toMatchObject({ status: "invalid", reason: "blocked" });
  });

  it("answers unavailable for a code VIES does not document", async () => {
    expect(await ask("PL", "9999999992")).toEqual({
      status: "unavailable",
      reason: "unexpected-answer",
      detail: "VIES answered a code it does not document: A_CODE_NOBODY_KNOWS",
    });
  });

  it("is refused a requester VIES does not know (INVALID_REQUESTER_INFO): unavailable, the shop's setting is wrong", async () => {
    expect(await ask("DE", "100000008", { requester: { countryCode: "IE", number: "9999999X" } })).toMatchObject({
      status: "unavailable",
      reason: "INVALID_REQUESTER_INFO",
    });
  });

  describe("a service that answers what VIES does not document", () => {
    const html = rawServer((res) =>
      res.writeHead(503, { "content-type": "text/html" }).end("<h1>Service Unavailable</h1>"),
    );
    const brokenJson = rawServer((res) =>
      res.writeHead(200, { "content-type": "application/json" }).end('{"valid": true, "name": "Cut o'),
    );
    const otherShape = rawServer((res) => res.writeHead(200, { "content-type": "application/json" }).end('{"ok":1}'));
    const getStyleError = rawServer((res) =>
      res
        .writeHead(200, { "content-type": "application/json" })
        .end('{"isValid":false,"valid":false,"userError":"MS_MAX_CONCURRENT_REQ","name":"---","address":"---"}'),
    );

    it("answers unavailable for an HTML error page, broken JSON or another shape", async () => {
      const from = (server: { baseUrl: string }) =>
        askVies({ baseUrl: server.baseUrl }, { countryCode: "DE", vatNumber: "100000008" });
      expect(await from(html)).toEqual({
        status: "unavailable",
        reason: "unexpected-answer",
        detail: "VIES answered 503 with something other than JSON: <h1>Service Unavailable</h1>",
      });
      expect(await from(brokenJson)).toMatchObject({ status: "unavailable", reason: "unexpected-answer" });
      expect(await from(otherShape)).toEqual({
        status: "unavailable",
        reason: "unexpected-answer",
        detail: 'VIES answered 200 in a shape it does not document: {"ok":1}',
      });
    });

    it("reads an error code said as userError as no verdict, not as 'not registered'", async () => {
      expect(
        await askVies({ baseUrl: getStyleError.baseUrl }, { countryCode: "DE", vatNumber: "100000008" }),
      ).toMatchObject({
        status: "unavailable",
        reason: "MS_MAX_CONCURRENT_REQ",
      });
    });
  });

  describe("a service that does not answer", () => {
    const silent = rawServer();

    it("gives up after the time limit: unavailable", async () => {
      const started = performance.now();
      const answer = await askVies(
        { baseUrl: silent.baseUrl, timeLimitMs: 200 },
        { countryCode: "DE", vatNumber: "100000008" },
      );
      expect(answer).toEqual({
        status: "unavailable",
        reason: "time-limit",
        detail: "VIES did not answer within 200 ms",
      });
      expect(performance.now() - started).toBeLessThan(5_000);
    });

    it("stops when the caller's signal ends the wait, and says so by throwing its reason", async () => {
      const controller = new AbortController();
      const asked = askVies(
        { baseUrl: silent.baseUrl },
        { countryCode: "DE", vatNumber: "100000008", signal: controller.signal },
      );
      controller.abort(new Error("the buyer went away"));
      await expect(asked).rejects.toThrow("the buyer went away");
    });

    it("answers unavailable when nothing listens at the address", async () => {
      const closed = http.createServer();
      await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
      const { port } = closed.address() as AddressInfo;
      await new Promise((resolve) => closed.close(resolve));
      expect(
        await askVies({ baseUrl: `http://127.0.0.1:${port}` }, { countryCode: "DE", vatNumber: "100000008" }),
      ).toEqual({
        status: "unavailable",
        reason: "unreachable",
        detail: "VIES could not be reached: ECONNREFUSED",
      });
    });
  });
});
