// @vitest-environment happy-dom
import { LICENSE_TERMS_VERSION } from "@shared/license-tiers.ts";
import { render, screen } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import LicenseTerms from "./license";

describe("the License page", () => {
  it("says the licenses are bought on the product page, with the terms' version and date", async () => {
    const Stub = createRoutesStub([{ path: "/license", Component: LicenseTerms }]);
    render(<Stub initialEntries={["/license"]} />);
    expect(await screen.findByRole("heading", { level: 1, name: "License Terms" })).toBeInTheDocument();
    expect(screen.queryByText(/not on sale yet/i)).not.toBeInTheDocument();
    expect(screen.getByText(/choose a Commercial or Extended license on the product page/)).toBeInTheDocument();
    expect(
      screen.getByText(`Terms version ${LICENSE_TERMS_VERSION}, in effect since Nov 24, 2026.`, { exact: false }),
    ).toBeInTheDocument();
    for (const name of ["Personal", "Commercial", "Extended"]) {
      expect(screen.getByRole("heading", { level: 3, name: `${name} license` })).toBeInTheDocument();
    }
    expect(screen.getByText("Use the files in client projects and in your business.")).toBeInTheDocument();
  });
});
