import { useEffect } from "react";
import { useFetcher } from "react-router";
import { toast } from "~/lib/toast";

// The toasts of signing in, up and out (SPEC section 8). They live in the layout, not in the
// forms: a successful sign-in replaces the login modal with the user menu before a form could
// say anything. The forms submit through fetchers with these keys.
export const ACCOUNT_FETCHERS = { signIn: "account-sign-in", signUp: "account-sign-up", signOut: "account-sign-out" };

type Result = { ok: true; name?: string; email?: string; shopName?: string } | { ok: false; message?: string };

function useResultToast(key: string, show: (result: Result) => void) {
  const fetcher = useFetcher<Result>({ key });
  const result = fetcher.state === "idle" ? fetcher.data : undefined;
  useEffect(() => {
    if (result) show(result);
  }, [result]);
}

export function AccountToasts() {
  useResultToast(ACCOUNT_FETCHERS.signIn, (result) => {
    if (result.ok) toast.success("Welcome back!", { description: `Successfully logged in as ${result.name}` });
    else toast.error("Login failed", { description: result.message || "Please check your credentials and try again." });
  });
  useResultToast(ACCOUNT_FETCHERS.signUp, (result) => {
    // Signing in comes with the emailed link (decision 016); the toast says what to do next.
    if (result.ok) {
      toast.success("Account created!", {
        description: `Welcome to ${result.shopName}, ${result.name}! We sent a link to ${result.email}: open it to confirm your email address and sign in.`,
      });
    } else toast.error("Registration failed", { description: result.message || "Please try again." });
  });
  useResultToast(ACCOUNT_FETCHERS.signOut, (result) => {
    if (result.ok) toast.success("Logged out");
    else toast.error("Logout failed", { description: result.message || "Please try again." });
  });
  return null;
}
