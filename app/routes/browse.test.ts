import { seedSampleCatalogue } from "@server/demo/catalogue/seed-sample-catalogue.ts";
import { beforeAll, describe, expect, it } from "vitest";
import { contextAs, routeAnswer } from "../../tests/support/route-answer.ts";
import { setUpTestDatabase } from "../../tests/support/test-database.ts";
import { loader } from "./browse.tsx";

// /browse?page=N over the sample catalogue's 66 products: what the page renders is its loader's data.

const database = setUpTestDatabase();

beforeAll(async () => {
  await seedSampleCatalogue(database.db);
});

const listingAt = async (address: string) => {
  const answer = await routeAnswer<{ products: { id: number }[] }>(loader, {
    url: address,
    context: contextAs(null, { db: database.db, readDb: database.db, publicUrl: "http://shop.test" }),
  });
  expect(answer.status, address).toBe(200);
  return { products: answer.data!.products, size: JSON.stringify(answer.data).length };
};

describe("a listing's ?page=N", () => {
  it("renders its own products only: no page costs more than the first", async () => {
    const first = await listingAt("/browse");
    // Pages 3 and 100 rendered 66 cards each (all up to N x 24); now page 3's last 18 and page 100's none.
    const third = await listingAt("/browse?page=3");
    const hundredth = await listingAt("/browse?page=100");
    expect(third.size).toBeLessThan(first.size);
    expect(hundredth.size).toBeLessThan(first.size);
    expect([first.products.length, third.products.length, hundredth.products.length]).toEqual([24, 18, 0]);
  });
});
