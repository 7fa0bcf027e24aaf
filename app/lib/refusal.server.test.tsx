// @vitest-environment happy-dom
import { Refusal } from "@server/lib/refusal.ts";
import { render, screen } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { ShopErrorScreen } from "~/components/layout/shop-error-screen";
import { pageLoader } from "./refusal.server";

describe("a page loader's refusals (pageLoader)", () => {
  it.each([
    [
      new Refusal("This download link has expired: open your order for a new one.", "gone"),
      "410",
      "This link has expired",
    ],
    [new Refusal("This product is another shop's.", "forbidden"), "403", "You can't open this page"],
  ])(
    "shows a page refused by its loader with the refusal's status and reason (pageLoader): %s",
    async (refusal, status, title) => {
      const Stub = createRoutesStub([
        {
          path: "/refused",
          loader: pageLoader(() => {
            throw refusal;
          }),
          Component: () => <p>Never shown</p>,
          ErrorBoundary: ({ error }: { error: unknown }) => <ShopErrorScreen error={error} />,
        },
      ]);
      render(<Stub initialEntries={["/refused"]} />);
      expect(await screen.findByRole("heading", { name: title })).toBeInTheDocument();
      expect(screen.getByText(status)).toBeInTheDocument();
      expect(screen.getByText(refusal.message)).toBeInTheDocument();
    },
  );

  it("links a refused page to where the refusal says to go (a RefusalLink), beside Home", async () => {
    const refusal = new Refusal("Turn on two-factor sign-in in Settings first.", "forbidden", {
      link: { label: "Open Settings", to: "/account/settings#two-factor" },
    });
    const Stub = createRoutesStub([
      {
        path: "/admin",
        loader: pageLoader(() => {
          throw refusal;
        }),
        Component: () => <p>Never shown</p>,
        ErrorBoundary: ({ error }: { error: unknown }) => <ShopErrorScreen error={error} />,
      },
    ]);
    render(<Stub initialEntries={["/admin"]} />);
    expect(await screen.findByRole("heading", { name: "You can't open this page" })).toBeInTheDocument();
    expect(screen.getByText("403")).toBeInTheDocument();
    expect(screen.getByText(refusal.message)).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Open Settings" })).toHaveAttribute("href", "/account/settings#two-factor");
    expect(screen.getByRole("link", { name: "Return to Home" })).toHaveAttribute("href", "/");
  });

  it("shows the database away in a page's loader as the shop briefly away, not as a fault (pageLoader)", async () => {
    const Stub = createRoutesStub([
      {
        path: "/seller",
        loader: pageLoader(async () => {
          throw Object.assign(new Error("connect ECONNREFUSED /run/postgresql"), { code: "ECONNREFUSED" });
        }),
        Component: () => <p>Never shown</p>,
        ErrorBoundary: ({ error }: { error: unknown }) => <ShopErrorScreen error={error} />,
      },
    ]);
    render(<Stub initialEntries={["/seller"]} />);
    expect(await screen.findByRole("heading", { name: "We'll be right back" })).toBeInTheDocument();
  });
});
