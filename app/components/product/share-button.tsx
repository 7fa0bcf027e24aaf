import { Share2 } from "lucide-react";
import { Button } from "~/components/ui/button";
import { toast } from "~/lib/toast";

/** The browser's share sheet where there is one; otherwise the link is copied. */
export function ShareButton({ title, url }: { title: string; url: string }) {
  async function share() {
    if (navigator.share) {
      try {
        await navigator.share({ title, url });
      } catch (error) {
        // Closing the share sheet is not a failure.
        if ((error as Error).name !== "AbortError")
          toast.error("Could not share", { description: "Please try again." });
      }
      return;
    }
    try {
      await navigator.clipboard.writeText(url);
      toast.success("Link copied", { description: "Paste it anywhere to share this product." });
    } catch {
      toast.error("Could not copy the link", { description: url });
    }
  }
  return (
    <Button type="button" variant="outline" size="lg" onClick={share}>
      <Share2 aria-hidden="true" /> Share
    </Button>
  );
}
