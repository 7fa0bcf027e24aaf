import { ChevronLeft } from "lucide-react";
import { useNavigate } from "react-router";
import { Button } from "~/components/ui/button";

/**
 * Back where the shopper came from in the shop; with nowhere to go back to (a product opened in a
 * new tab, a link from elsewhere), to the product's category. React Router numbers its
 * history entries (`idx`): the first page of a tab is 0.
 */
export function BackButton({ fallback }: { fallback: string }) {
  const navigate = useNavigate();
  return (
    <Button
      type="button"
      variant="ghost"
      className="-ml-3"
      onClick={() => {
        const entry = (window.history.state as { idx?: number } | null)?.idx ?? 0;
        if (entry > 0) navigate(-1);
        else navigate(fallback);
      }}
    >
      <ChevronLeft aria-hidden="true" /> Back
    </Button>
  );
}
