// @vitest-environment happy-dom
import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { GoogleSignInButton } from "./google-sign-in-button";

describe("GoogleSignInButton", () => {
  it("says Google sign-in is not configured instead of failing", () => {
    render(<GoogleSignInButton configured={false} />);
    const button = screen.getByRole("button", { name: "Continue with Google" });
    expect(button).toBeDisabled();
    expect(button).toHaveAccessibleDescription("Google sign-in is not configured on this shop.");
  });

  it("is ready when Google is configured", () => {
    render(<GoogleSignInButton configured />);
    expect(screen.getByRole("button", { name: "Continue with Google" })).toBeEnabled();
  });
});
