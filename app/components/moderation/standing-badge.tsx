import type { Standing } from "@shared/enforcement.ts";
import { Badge } from "~/components/ui/badge";

const STANDING = {
  active: { label: "Active", variant: "success" },
  suspended: { label: "Suspended", variant: "bestseller" },
  removed: { label: "Removed", variant: "sale" },
} as const;
const WARNED = { label: "Warning", variant: "bestseller" } as const;

/** A seller shop's standing: active (or warned, with a warning still to fix), suspended or removed. */
export function StandingBadge({ standing, warned = false }: { standing: Standing; warned?: boolean }) {
  const { label, variant } = standing === "active" && warned ? WARNED : STANDING[standing];
  return <Badge variant={variant}>{label}</Badge>;
}
