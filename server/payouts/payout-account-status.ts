import { formatDayUtc } from "../../shared/format.ts";
import type { ProviderName } from "../payments/provider.ts";
import type { PayoutAccount } from "./payout-accounts.ts";

// The seller's payout account as the earnings page says it: what its button does, and the state in
// words ("Ready: this account can receive your payouts", "Stripe needs: your date of birth, by Dec 12, 2026", "Payouts are
// paused: <the provider's reason>").

export interface PayoutAccountStatus {
  /** What the seller's button does: open an account, finish its setup, or change its details. */
  action: "connect" | "continue" | "update";
  /** on: payouts reach the seller; attention: the seller has something to do; off: not connected. */
  tone: "on" | "attention" | "off";
  summary: string;
  /** What the provider still needs, and by when; null when nothing. */
  needs: string | null;
}

/** The provider by the name its seller knows: Stripe, or the shop's own stand-in's page ("<shop> Payments"). */
export function providerNameOf(provider: ProviderName, shopName: string): string {
  return provider === "stripe" ? "Stripe" : `${shopName} Payments`;
}

type AccountState = Pick<
  PayoutAccount,
  "detailsSubmitted" | "payoutsEnabled" | "requirementsDue" | "requirementsDueBy" | "disabledReason"
>;

export function payoutAccountStatus(account: AccountState | null, providerName: string): PayoutAccountStatus {
  if (!account) {
    return {
      action: "connect",
      tone: "off",
      summary: "No payout account yet: payouts wait until you connect one.",
      needs: null,
    };
  }
  const needs = account.requirementsDue.length
    ? `${providerName} needs: ${listed(account.requirementsDue)}${account.requirementsDueBy ? `, by ${formatDayUtc(account.requirementsDueBy)}` : ""}.`
    : null;
  if (!account.detailsSubmitted && !account.payoutsEnabled) {
    return {
      action: "continue",
      tone: "attention",
      summary: "Setup is not finished: payouts wait until it is.",
      needs,
    };
  }
  if (account.payoutsEnabled)
    return {
      action: "update",
      tone: needs ? "attention" : "on",
      summary: "Ready: this account can receive your payouts.",
      needs,
    };
  return {
    action: account.detailsSubmitted ? "update" : "continue",
    tone: "attention",
    summary: `Payouts are paused: ${account.disabledReason ?? `${providerName} is checking your details.`}`,
    needs,
  };
}

/** "a", "a and b", "a, b and c". */
function listed(items: readonly string[]): string {
  return items.length <= 1 ? (items[0] ?? "") : `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`;
}
