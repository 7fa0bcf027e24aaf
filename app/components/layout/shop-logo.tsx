import { Link } from "react-router";
import { SpriteIcon } from "~/components/ui/icon-sprite";

export function ShopLogo({ shopName }: { shopName: string }) {
  return (
    <Link to="/" className="inline-flex items-center gap-2 rounded-md text-lg font-bold text-foreground">
      <span className="grid size-8 place-items-center rounded-lg bg-primary text-primary-foreground">
        <SpriteIcon name="sparkles" />
      </span>
      <span>{shopName}</span>
    </Link>
  );
}
