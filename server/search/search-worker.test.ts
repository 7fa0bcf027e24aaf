import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, inject, it, vi } from "vitest";
import { connectionFor } from "../../tests/support/connection.ts";
import { setUpTestDatabase } from "../../tests/support/test-database.ts";
import { products } from "../db/schema.ts";
import { seedSampleCatalogueIfEmpty } from "../demo/catalogue/seed-sample-catalogue.ts";
import type { SearchService } from "./search-service.ts";
import { plainConnection, startSearchWorker } from "./search-worker-client.ts";

// The server's search runs in a worker thread with its own connections (server/main.ts).

const database = setUpTestDatabase();
let worker: SearchService;
const errors: Error[] = [];

beforeAll(async () => {
  await seedSampleCatalogueIfEmpty(database.db, database.pool);
  worker = startSearchWorker(plainConnection(connectionFor(inject("postgresServer"), database.name)), {
    onError: (error) => errors.push(error),
  });
});
afterAll(async () => {
  await worker?.stop();
});

describe("the search worker", () => {
  it("answers searches with facets and Did you mean, and follows what the main thread writes", async () => {
    // The worker builds its index first (and starts again after a failed build): ask until it answers.
    let failure: unknown;
    const answer = await vi
      .waitFor(
        async () => {
          const found = await worker.find({ text: "weding planer", facets: true }).catch((error) => {
            failure = error;
            return null;
          });
          if (found === null) throw new Error("the worker has not answered yet");
          return found;
        },
        { timeout: 10_000, interval: 100 },
      )
      .catch(() => null);
    expect(answer, `${String(failure)}; ${errors.map((error) => error.message).join("; ")}`).not.toBeNull();
    expect(answer!.total).toBeGreaterThan(0);
    expect(Object.values(answer!.facets!.formats).reduce((a, b) => a + b, 0)).toBe(answer!.total);
    expect((await worker.find({ text: "plannr spaceship" }))!.didYouMean).toBe("planner");

    const [product] = await database.db.select().from(products).where(eq(products.status, "published")).limit(1);
    await database.db.update(products).set({ title: "Pangolin Planner" }).where(eq(products.id, product!.id));
    expect((await worker.find({ text: "pangolin" }))!.productIds).toEqual([product!.id]);
    await database.db.update(products).set({ title: product!.title }).where(eq(products.id, product!.id));

    expect(await worker.figures()).toMatchObject({ ready: true });
  });

  it("passes a database connection as plain data, without functions", () => {
    expect(plainConnection({ host: "/tmp", port: 5432, user: "shop", max: 10, log: () => {} })).toEqual({
      host: "/tmp",
      port: 5432,
      user: "shop",
    });
  });
});
