import { Badge } from "~/components/ui/badge";

/** Where a seller's product stands. */
const STATUS = {
  published: { label: "Published", variant: "success" },
  draft: { label: "Draft", variant: "neutral" },
  hidden: { label: "Hidden", variant: "sale" },
  deleted: { label: "Deleted", variant: "neutral" },
} as const;

export function StatusBadge({ status }: { status: keyof typeof STATUS }) {
  const { label, variant } = STATUS[status];
  return <Badge variant={variant}>{label}</Badge>;
}
