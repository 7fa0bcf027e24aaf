import { beforeAll, describe, expect, it } from "vitest";
import { loader as creatorLoader } from "../../app/routes/creator.tsx";
import { loader as productLoader } from "../../app/routes/product.tsx";
import { loader as dashboardLoader } from "../../app/routes/seller/dashboard.tsx";
import { createCreator, createProduct, createSeller, createUser } from "../support/factories.ts";
import { contextAs, routeAnswer } from "../support/route-answer.ts";
import { setUpTestDatabase } from "../support/test-database.ts";

// Pages of what is not there answer 404, with their page in the shop's frame;
// /seller tells a signed-in shopper how to become a seller rather than sending them away.

const database = setUpTestDatabase();
const services = () => ({ db: database.db, readDb: database.db, publicUrl: "http://shop.test" });

describe("an unknown product", () => {
  it("answers 404 (no redirect) for an id that is no product's, and for one that is not an id", async () => {
    for (const id of ["99999", "not-a-number"]) {
      const answer = await routeAnswer(productLoader, {
        url: `/product/${id}`,
        params: { id },
        context: contextAs(null, services()),
      });
      expect(answer).toMatchObject({ status: 404, data: "product" });
      expect(answer.location ?? null).toBeNull();
    }
  });

  it("still answers a product on sale with its page", async () => {
    const product = await createProduct(database.db);
    const answer = await routeAnswer(productLoader, {
      url: `/product/${product.id}`,
      params: { id: String(product.id) },
      context: contextAs(null, services()),
    });
    expect(answer.status).toBe(200);
  });
});

describe("an unknown creator", () => {
  it("answers 404 with the page's 'Creator Not Found' data; a known one 200", async () => {
    const unknown = await routeAnswer(creatorLoader, {
      url: "/creator/unknown",
      params: { creatorId: "unknown" },
      context: contextAs(null, services()),
    });
    expect(unknown).toMatchObject({ status: 404, data: { creator: null } });
    const creator = await createCreator(database.db);
    const known = await routeAnswer(creatorLoader, {
      url: `/creator/${creator.slug}`,
      params: { creatorId: creator.slug },
      context: contextAs(null, services()),
    });
    expect(known).toMatchObject({ status: 200, data: { creator: { slug: creator.slug } } });
  });
});

describe("/seller", () => {
  let shopper: Awaited<ReturnType<typeof createUser>>;
  let seller: Awaited<ReturnType<typeof createSeller>>;
  beforeAll(async () => {
    shopper = await createUser(database.db);
    seller = await createSeller(database.db);
  });
  const dashboardFor = (account: Parameters<typeof contextAs>[0]) =>
    routeAnswer(dashboardLoader, { url: "/seller", context: contextAs(account, services()) });

  it("tells a signed-in shopper who is not a seller that it is for sellers (403), not a redirect home", async () => {
    expect(await dashboardFor(shopper)).toMatchObject({ status: 403, data: { seller: false } });
  });

  it("asks a visitor to sign in, and shows a seller their dashboard", async () => {
    const visitor = await dashboardFor(null);
    expect(visitor.status).toBe(302);
    expect(visitor.location).toMatch(/^\/\?.*next=%2Fseller/);
    expect(await dashboardFor(seller.user)).toMatchObject({
      status: 200,
      data: { seller: true, creatorName: seller.creator.name },
    });
  });
});
