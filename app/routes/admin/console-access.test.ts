import { describe, expect, it } from "vitest";
import { contextAs, routeAnswer } from "../../../tests/support/route-answer.ts";
import { loader as appeals } from "./appeals.tsx";
import { loader as messages } from "./messages.tsx";
import { loader as overview } from "./overview.tsx";
import { loader as products } from "./products.tsx";
import { loader as refunds } from "./refunds.tsx";
import { loader as sellers, action as sellersAction } from "./sellers.tsx";

// The admin console is for admins (requireAdmin): anyone else is sent away before a page or a form
// reads anything.

const shopper = { id: "sam-shopper", email: "sam@example.com", name: "Sam Shopper", role: "user" };

describe("the admin console", () => {
  it("keeps a visitor and a shopper out", async () => {
    for (const [path, loader] of [
      ["/admin", overview],
      ["/admin/refunds", refunds],
      ["/admin/sellers", sellers],
      ["/admin/products", products],
      ["/admin/messages", messages],
    ] as const) {
      const answer = await routeAnswer(loader, { url: path, context: contextAs(null, {}) });
      expect(answer.status, path).toBe(302);
      // Home, to sign in.
      expect(answer.location, path).toMatch(/^\/(\?.*)?$/);
    }
    const signedIn = await routeAnswer(appeals, { url: "/admin/appeals", context: contextAs(shopper, {}) });
    expect(signedIn).toMatchObject({ status: 302, location: "/" });

    // Nor does a request reach an action: it is sent away before anything is read.
    const request = new Request("http://shop.test/admin/sellers", {
      method: "POST",
      body: new URLSearchParams({ creatorId: "1", reason: "Not allowed at all." }),
    });
    const post = await (sellersAction as (args: unknown) => Promise<unknown>)({
      request,
      params: {},
      context: contextAs(shopper, {}),
    }).catch((thrown: unknown) => thrown);
    expect(post).toBeInstanceOf(Response);
    expect((post as Response).status).toBeGreaterThanOrEqual(300);
    expect((post as Response).status).toBeLessThan(400);
    expect(request.bodyUsed).toBe(false);
  });
});
