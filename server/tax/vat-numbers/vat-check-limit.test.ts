import { sql } from "drizzle-orm";
import express from "express";
import { describe, expect, it } from "vitest";
import { setUpTestDatabase } from "../../../tests/support/test-database.ts";
import { serveForTests } from "../../../tests/support/test-server.ts";
import { Refusal } from "../../lib/refusal.ts";
import { vatCheckLimit } from "./vat-check-limit.ts";
import { vatNumberChecker } from "./vat-number-check.ts";
import { viesStandIn } from "./vies-stand-in.ts";

// The limit on VIES checks per client, counted in PostgreSQL like the shop's other limits.

const database = setUpTestDatabase();
let asked = 0;
const standIn = serveForTests(() =>
  express().use(
    viesStandIn({
      register: { traders: { EL000000024: {} }, unavailableMemberStates: [] },
      onRequest: () => asked++,
    }),
  ),
);

async function refusalOf(work: Promise<unknown>): Promise<Refusal> {
  const error = await work.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(Refusal);
  return error as Refusal;
}

describe("vatCheckLimit", () => {
  it("lets a client have its share of checks in the window, then refuses with when to try again (429)", async () => {
    const limit = vatCheckLimit(database.db, { limit: 3, windowMinutes: 60 });
    for (let check = 0; check < 3; check++) await limit.take("198.51.100.1");
    const refusal = await refusalOf(limit.take("198.51.100.1"));
    expect(refusal.kind).toBe("rate-limited");
    expect(refusal.status).toBe(429);
    expect(refusal.field).toBe("vatNumber");
    expect(refusal.message).toBe(
      "You have had 3 VAT numbers checked in a short time. Please try again in 60 minutes, or leave the VAT number out and pay with VAT.",
    );
    // Another client has its own share.
    await limit.take("198.51.100.2");
  });

  it("starts again when the window has passed (PostgreSQL's clock, as for every app server)", async () => {
    const limit = vatCheckLimit(database.db, { limit: 1, windowMinutes: 10 });
    await limit.take("198.51.100.3");
    await refusalOf(limit.take("198.51.100.3"));
    await database.db.execute(
      sql`UPDATE rate_limit_hits SET resets_at = now() - interval '1 millisecond' WHERE key = 'vat-check:198.51.100.3'`,
    );
    await limit.take("198.51.100.3");
  });
});

describe("vatNumberChecker, as the app makes it", () => {
  it("counts only the checks that reach VIES: ten an hour per client, a cached answer free", async () => {
    const checker = vatNumberChecker({ db: database.db, vies: { baseUrl: standIn.baseUrl } });
    const client = "198.51.100.9";
    await checker.check({ input: "EL000000024", client });
    for (let check = 0; check < 9; check++) {
      await refusalOf(checker.check({ input: "EL000000036", client }));
    }
    expect(asked).toBe(10);
    // The valid number is answered from the cache: no check counted.
    expect(await checker.check({ input: "EL000000024", client })).toMatchObject({ status: "valid" });
    expect((await refusalOf(checker.check({ input: "EL000000036", client }))).kind).toBe("rate-limited");
    expect(asked).toBe(10);
  });
});
