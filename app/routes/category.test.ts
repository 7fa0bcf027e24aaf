import { seedSampleCatalogue } from "@server/demo/catalogue/seed-sample-catalogue.ts";
import { beforeAll, describe, expect, it } from "vitest";
import { contextAs, routeAnswer } from "../../tests/support/route-answer.ts";
import { setUpTestDatabase } from "../../tests/support/test-database.ts";
import { loader, meta } from "./category.tsx";

// A category's one address, over the sample catalogue's categories and the storefront's aliases.

const database = setUpTestDatabase();
const PUBLIC_URL = "http://shop.test";

beforeAll(async () => {
  await seedSampleCatalogue(database.db);
});

type CategoryPage = {
  category: { name: string; slug: string };
  canonicalUrl: string;
  products: { title: string }[];
};

const categoryAt = (address: string) =>
  routeAnswer<CategoryPage>(loader, {
    url: address,
    params: { category: new URL(address, PUBLIC_URL).pathname.split("/")[2]! },
    context: contextAs(null, { db: database.db, readDb: database.db, publicUrl: PUBLIC_URL }),
  });

describe("a category", () => {
  it("has one address: other letter cases and the storefront's aliases move there for good", async () => {
    for (const [asked, canonical] of [
      ["/category/Planners", "/category/planners"],
      ["/category/digital-planners", "/category/planners"],
      ["/category/Digital-Planners", "/category/planners"],
      ["/category/wall-art-prints?sort=newest", "/category/wall-art?sort=newest"],
      ["/category/E-BOOKS", "/category/e-books"],
    ] as const) {
      const answer = await categoryAt(asked);
      expect(answer.status, asked).toBe(301);
      expect(answer.location, asked).toBe(canonical);
    }
    // Where /category/Planners leads: the category's page, which names that address as its own.
    const page = await categoryAt((await categoryAt("/category/Planners")).location!);
    expect(page.status).toBe(200);
    expect(page.data!.category.name).toBe("Planners");
    expect(page.data!.products.map((product) => product.title)).toContain("Digital Planner Bundle");
    const tags = meta({ matches: [], loaderData: page.data } as unknown as Parameters<typeof meta>[0]);
    expect(tags).toContainEqual({ tagName: "link", rel: "canonical", href: `${PUBLIC_URL}/category/planners` });
  });
});
