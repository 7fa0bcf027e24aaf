import { describe, expect, it } from "vitest";
import { contextAs, routeAnswer } from "../../../tests/support/route-answer.ts";
import { action } from "./sign-up.ts";

// Registration without JavaScript: the browser's form waits for a long enough password; the server
// holds the rule for any post.

describe("POST /account/sign-up", () => {
  it("refuses a short password with the rule's message", async () => {
    const answer = await routeAnswer(action, {
      url: "/account/sign-up",
      body: { name: "Short Pass", email: "short@example.com", password: "short", confirmPassword: "short" },
      context: contextAs(null, { shopName: "Test Market", publicUrl: "http://shop.test" }),
    });
    expect(answer.status).toBe(400);
    // Said beside the password field.
    expect(answer.data).toMatchObject({
      result: { error: { password: ["Your password must be at least 8 characters."] } },
    });
  });
});
