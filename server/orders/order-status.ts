import type { OrderStatus } from "../db/schema.ts";
import type { Order } from "./place-order.ts";

/** An order nothing has been charged for yet, that may still be paid: a cancel or an expiry moves it on. */
export const UNPAID = ["pending_payment", "failed"] as const satisfies readonly OrderStatus[];

export const isUnpaid = (status: string): status is (typeof UNPAID)[number] =>
  (UNPAID as readonly string[]).includes(status);

/** An order that ended unpaid: nothing was charged, and "Pay again" makes a new order of its items. */
export const ENDED_UNPAID = ["expired", "cancelled"] as const satisfies readonly OrderStatus[];

export const hasEndedUnpaid = (status: string): status is (typeof ENDED_UNPAID)[number] =>
  (ENDED_UNPAID as readonly string[]).includes(status);

/** Where an order's payment stands, as the checkout polls it while the buyer pays in another tab. */
export function paymentProgressOf(order: Pick<Order, "number" | "status" | "failureReason" | "email">) {
  return { orderNumber: order.number, status: order.status, failureReason: order.failureReason, email: order.email };
}
export type PaymentProgress = ReturnType<typeof paymentProgressOf>;
