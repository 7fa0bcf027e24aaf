import { Badge } from "~/components/ui/badge";

const LABELS: Record<string, { label: string; variant: "success" | "neutral" | "sale" | "bestseller" }> = {
  paid: { label: "Paid", variant: "success" },
  pending_payment: { label: "Awaiting payment", variant: "bestseller" },
  /** Not an order's status: the order page's, while a payment the buyer made is being confirmed. */
  confirming: { label: "Confirming payment", variant: "bestseller" },
  failed: { label: "Payment failed", variant: "sale" },
  expired: { label: "Expired", variant: "neutral" },
  cancelled: { label: "Cancelled", variant: "neutral" },
  partially_refunded: { label: "Partly refunded", variant: "neutral" },
  refunded: { label: "Refunded", variant: "neutral" },
};

export function OrderStatusBadge({ status }: { status: string }) {
  const { label, variant } = LABELS[status] ?? { label: status, variant: "neutral" as const };
  return <Badge variant={variant}>{label}</Badge>;
}
