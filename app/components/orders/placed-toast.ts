import { toast } from "~/lib/toast";

/**
 * 'Order placed successfully!', said once the payment is confirmed. The receipt is
 * queued with the payment and sent a moment later by a job, so it is on its way, not yet sent.
 */
export function placedToast(orderNumber: string, email: string) {
  toast.success("Order placed successfully!", {
    description: `Thank you for your purchase! Your order number is ${orderNumber}. Your receipt is on its way to ${email}.`,
    duration: 10_000,
  });
}
