import { useEffect } from "react";
import { useFetcher } from "react-router";
import { toast } from "~/lib/toast";

// The toasts of signing in, up and out. They live in the layout, not in the
// forms: a successful sign-in replaces the login modal with the user menu before a form could
// say anything. The forms submit through fetchers with these keys.
export const ACCOUNT_FETCHERS = { signIn: "account-sign-in", signUp: "account-sign-up", signOut: "account-sign-out" };

// A form whose fields did not pass answers with Conform's reply (`result`) instead: the form shows
// each problem beside its field, and the toast only says that it failed.
type Result =
  | { ok: true; name?: string; email?: string; shopName?: string }
  | { ok: false; message?: string }
  | { ok?: undefined; result: unknown }
  | { ok?: undefined; secondStep: true };

const CHECK_THE_FIELDS = "Please check the fields marked in the form.";

/** The toast's description of a failure: the refusal's message, or a pointer to the marked fields. */
function whyNot(result: Exclude<Result, { ok: true }>, otherwise: string) {
  if ("result" in result) return CHECK_THE_FIELDS;
  return ("message" in result && result.message) || otherwise;
}

function useResultToast(key: string, show: (result: Result) => void) {
  const fetcher = useFetcher<Result>({ key });
  const result = fetcher.state === "idle" ? fetcher.data : undefined;
  useEffect(() => {
    if (result) show(result);
  }, [result]);
}

export function AccountToasts() {
  useResultToast(ACCOUNT_FETCHERS.signIn, (result) => {
    // The password was right and a code is asked next: the form says so in place.
    if (result.ok === undefined && "secondStep" in result && !("result" in result)) return;
    if (result.ok) toast.success("Welcome back!", { description: `Successfully logged in as ${result.name}` });
    else toast.error("Login failed", { description: whyNot(result, "Please check your credentials and try again.") });
  });
  useResultToast(ACCOUNT_FETCHERS.signUp, (result) => {
    // Signing in comes with the emailed link (decision 016); the toast says what to do next.
    if (result.ok) {
      toast.success("Account created!", {
        description: `Welcome to ${result.shopName}, ${result.name}! We sent a link to ${result.email}: open it to confirm your email address and sign in.`,
      });
    } else toast.error("Registration failed", { description: whyNot(result, "Please try again.") });
  });
  useResultToast(ACCOUNT_FETCHERS.signOut, (result) => {
    if (result.ok) toast.success("Logged out");
    else toast.error("Logout failed", { description: whyNot(result, "Please try again.") });
  });
  return null;
}
