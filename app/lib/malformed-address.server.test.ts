import { describe, expect, it } from "vitest";
import { isMalformedAddress } from "./malformed-address.server";

const at = (path: string) => new URL(path, "http://shop.test");

describe("addresses the shop cannot read", () => {
  it.each([
    "/creator/%00",
    "/category/%00",
    "/pay/%00",
    "/creator/%E0%A4",
    "/product/%FF",
    "/search?q=%00",
    "/browse?%01=x",
    "/creator/a%0Ab",
  ])("%s is malformed", (path) => {
    expect(isMalformedAddress(at(path))).toBe(true);
  });

  it.each([
    "/",
    "/creator/design-studio-pro",
    "/search?q=caf%C3%A9%20planner",
    "/search?q=%E0%A4", // an undecodable query value reads as a replacement character: harmless
    "/category/wall-art",
    "/product/12?reviews=2",
    "/creator/%E2%9C%93",
  ])("%s is readable", (path) => {
    expect(isMalformedAddress(at(path))).toBe(false);
  });
});
