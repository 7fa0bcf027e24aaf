// @vitest-environment happy-dom

import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createRoutesStub, data, Outlet } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ErrorScreen } from "./error-screen";
import { ShopErrorScreen } from "./shop-error-screen";

afterEach(() => vi.restoreAllMocks());

const HomePage = () => <p>Home page</p>;
const RecoveredPage = () => <p>Recovered page</p>;

describe("the error screen", () => {
  it("shows the exact title, text and three buttons", async () => {
    let attempts = 0;
    const Stub = createRoutesStub([
      {
        path: "/",
        Component: HomePage,
      },
      {
        path: "/broken",
        loader: () => {
          attempts++;
          if (attempts === 1) throw new Error("database down");
          return null;
        },
        Component: RecoveredPage,
        ErrorBoundary: ErrorScreen,
      },
    ]);
    render(<Stub initialEntries={["/broken"]} />);
    expect(await screen.findByRole("heading", { name: "Something went wrong" })).toBeInTheDocument();
    expect(
      screen.getByText(
        "We're sorry, but something unexpected happened. Please try refreshing the page or go back to the homepage.",
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Refresh Page" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Go to Homepage" })).toHaveAttribute("href", "/");

    // Try Again loads the page again, which resets the error once the cause is gone.
    await userEvent.click(screen.getByRole("button", { name: "Try Again" }));
    expect(await screen.findByText("Recovered page")).toBeInTheDocument();
    expect(attempts).toBe(2);
  });

  it("Refresh Page reloads the document", async () => {
    const reload = vi.fn();
    vi.spyOn(window, "location", "get").mockReturnValue({ ...window.location, reload });
    const Stub = createRoutesStub([
      {
        path: "/",
        Component: Outlet,
        ErrorBoundary: ErrorScreen,
        loader: () => {
          throw new Error("x");
        },
      },
    ]);
    render(<Stub />);
    await userEvent.click(await screen.findByRole("button", { name: "Refresh Page" }));
    expect(reload).toHaveBeenCalledOnce();
  });
});

describe("the shop briefly away (503)", () => {
  it("says it will be right back, not that something went wrong, and tries again from the same page", async () => {
    let away = true;
    const Stub = createRoutesStub([
      {
        path: "/category/planners",
        loader: () => {
          if (away) throw data({ shopName: "Test Market" }, { status: 503 });
          return null;
        },
        Component: () => <p>Planners</p>,
        ErrorBoundary: ({ error }: { error: unknown }) => <ShopErrorScreen error={error} />,
      },
    ]);
    render(<Stub initialEntries={["/category/planners"]} />);
    expect(await screen.findByRole("heading", { name: "We'll be right back" })).toBeInTheDocument();
    expect(screen.getByText("The shop is briefly unavailable. Please try again in a moment.")).toBeInTheDocument();
    expect(screen.queryByText("Something went wrong")).not.toBeInTheDocument();
    away = false;
    await userEvent.click(screen.getByRole("button", { name: "Try Again" }));
    expect(await screen.findByText("Planners")).toBeInTheDocument();
  });
});
