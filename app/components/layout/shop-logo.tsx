import { Sparkles } from "lucide-react";
import { Link } from "react-router";

export function ShopLogo({ shopName }: { shopName: string }) {
  return (
    <Link to="/" className="inline-flex items-center gap-2 rounded-md text-lg font-bold text-foreground">
      <span className="grid size-8 place-items-center rounded-lg bg-primary text-primary-foreground">
        <Sparkles aria-hidden="true" className="size-4" />
      </span>
      <span>{shopName}</span>
    </Link>
  );
}
