import type { OrderStatus } from "../db/schema.ts";

/** An order nothing has been charged for yet, that may still be paid: a cancel or an expiry moves it on. */
export const UNPAID = ["pending_payment", "failed"] as const satisfies readonly OrderStatus[];

export const isUnpaid = (status: string): status is (typeof UNPAID)[number] =>
  (UNPAID as readonly string[]).includes(status);

/** An order that ended unpaid: nothing was charged, and "Pay again" makes a new order of its items. */
export const ENDED_UNPAID = ["expired", "cancelled"] as const satisfies readonly OrderStatus[];

export const hasEndedUnpaid = (status: string): status is (typeof ENDED_UNPAID)[number] =>
  (ENDED_UNPAID as readonly string[]).includes(status);
