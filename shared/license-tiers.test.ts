import { describe, expect, it } from "vitest";
import { aLicense, licensedTitle, seatsLabel } from "./license-tiers.ts";

describe("licence wording", () => {
  it("says a tier with its article: the upgrade form once said 'a Extended license'", () => {
    expect(aLicense("personal")).toBe("a Personal license");
    expect(aLicense("commercial")).toBe("a Commercial license");
    expect(aLicense("extended")).toBe("an Extended license");
  });

  it("counts seats and names a bought item's licence above Personal", () => {
    expect([seatsLabel(1), seatsLabel(2)]).toEqual(["1 seat", "2 seats"]);
    expect(licensedTitle("Boho Poster", "personal")).toBe("Boho Poster");
    expect(licensedTitle("Boho Poster", "extended")).toBe("Boho Poster (Extended license)");
  });
});
