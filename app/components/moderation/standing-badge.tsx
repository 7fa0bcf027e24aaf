import { Badge } from "~/components/ui/badge";
import type { Standing } from "~/lib/enforcement";

const STANDING = {
  active: { label: "Active", variant: "success" },
  suspended: { label: "Suspended", variant: "bestseller" },
  removed: { label: "Removed", variant: "sale" },
} as const;

/** A seller shop's standing: active, suspended or removed. */
export function StandingBadge({ standing }: { standing: Standing }) {
  const { label, variant } = STANDING[standing];
  return <Badge variant={variant}>{label}</Badge>;
}
