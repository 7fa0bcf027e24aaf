import { WebAuthnError } from "@simplewebauthn/browser";

// What the login modal and Settings say when the browser's passkey step (WebAuthn, through
// @simplewebauthn/browser) did not give a passkey.

/** Why no passkey came back from the browser, for the person who asked for one. */
export function passkeyProblem(error: unknown, doing: "sign-in" | "add"): string {
  const code = error instanceof WebAuthnError ? error.code : undefined;
  if (code === "ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED") {
    return "This device or password manager already has a passkey for your account.";
  }
  const name = error instanceof Error ? (error.cause instanceof Error ? error.cause.name : error.name) : "";
  if (name === "NotAllowedError" || code === "ERROR_CEREMONY_ABORTED") {
    return doing === "sign-in"
      ? "No passkey was used: the request was cancelled or timed out. Try again, or sign in with your email and password."
      : "No passkey was made: the request was cancelled or timed out. Please try again.";
  }
  return doing === "sign-in"
    ? "Your browser could not use a passkey. Try again, or sign in with your email and password."
    : "Your browser could not make a passkey. Please try again, or use another device or password manager.";
}
