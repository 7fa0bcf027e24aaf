import { useState } from "react";
import { Button } from "~/components/ui/button";
import { toast } from "~/lib/toast";

/**
 * Sign in with Google: better-auth sends the browser to Google and back to
 * /auth/callback, which goes on to `next` (the page that asked to sign in) or home. Shown only
 * where Google sign-in is configured (the login dialog leaves it out otherwise).
 */
export function GoogleSignInButton({ next = null, className }: { next?: string | null; className?: string }) {
  const [connecting, setConnecting] = useState(false);
  async function start() {
    setConnecting(true);
    try {
      const response = await fetch("/api/auth/sign-in/social", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({
          provider: "google",
          callbackURL: next ? `/auth/callback?${new URLSearchParams({ next })}` : "/auth/callback",
          errorCallbackURL: "/auth/callback",
        }),
      });
      const body = (await response.json().catch(() => ({}))) as { url?: string; message?: string };
      if (!response.ok || !body.url) throw new Error(body.message || "Please try again.");
      toast("Redirecting to Google");
      window.location.assign(body.url);
    } catch (error) {
      setConnecting(false);
      toast.error("Google login failed", { description: (error as Error).message || "Please try again." });
    }
  }
  return (
    <Button type="button" variant="outline" className={className} disabled={connecting} onClick={start}>
      {connecting ? "Connecting..." : "Continue with Google"}
    </Button>
  );
}
