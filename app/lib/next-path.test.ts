import { describe, expect, it } from "vitest";
import { safeNextPath, signInAddress } from "./next-path";

describe("the page to go to after signing in (?next=)", () => {
  it.each([
    ["/account/orders", "/account/orders"],
    ["/account/orders/ABC123XYZ?tab=files#download", "/account/orders/ABC123XYZ?tab=files#download"],
    ["/seller/products/12", "/seller/products/12"],
    ["/search?q=wall%20art", "/search?q=wall%20art"],
    ["/a/../account/orders", "/account/orders"],
    ["/%2e%2e/account/orders", "/account/orders"],
    ["/./account/orders", "/account/orders"],
  ])("keeps the shop's own path %s", (value, expected) => {
    expect(safeNextPath(value)).toBe(expected);
  });

  it.each([
    null,
    undefined,
    "",
    "account/orders",
    "//evil.example",
    "//evil.example/account/orders",
    "/\\evil.example",
    "/\\/evil.example",
    "\\\\evil.example",
    "https://evil.example/",
    "http:/evil.example",
    "javascript:alert(1)",
    "/\t/evil.example",
    "/\n/evil.example",
    " /account/orders",
    "/account orders",
    // Dot segments, plain or percent-encoded, that leave "//evil.com" once resolved.
    "/.//evil.com",
    "/%2e%2e//evil.com",
    "/%2E%2E//evil.com",
    "/%2e//evil.com",
    "/.%2e//evil.com",
    "/..//evil.com",
    "/a/..//evil.com",
    "/a/%2e%2e//evil.com?x=1",
    "/././/evil.com/account",
    "/.//%5Cevil.com",
    "/%2e%2e/\\evil.com",
  ])("refuses %j", (value) => {
    expect(safeNextPath(value)).toBeNull();
  });

  it("refuses an address too long to be one of the shop's", () => {
    expect(safeNextPath(`/${"a".repeat(2001)}`)).toBeNull();
  });

  it("keeps a percent-encoded backslash or slash as the text it is, never as a way out", () => {
    expect(safeNextPath("/%5C%5Cevil.example")).toBe("/%5C%5Cevil.example");
    expect(safeNextPath("/%2F%2Fevil.example")).toBe("/%2F%2Fevil.example");
  });

  it("builds the address that asks to sign in and comes back", () => {
    expect(signInAddress("/account/orders")).toBe("/?signin=required&next=%2Faccount%2Forders");
    expect(signInAddress("/seller?tab=sales")).toBe("/?signin=required&next=%2Fseller%3Ftab%3Dsales");
    expect(signInAddress("/")).toBe("/?signin=required");
    expect(signInAddress("//evil.example")).toBe("/?signin=required");
    expect(signInAddress(null)).toBe("/?signin=required");
  });
});
