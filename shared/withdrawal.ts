// An EU consumer's right to withdraw from a purchase (Directive 2011/83/EU Art. 9 and 16(m);
// the withdrawal function of Art. 11a, added by Directive 2023/2673; docs/decisions/063).

/** How long the right lasts from the purchase (Art. 9(1)). */
export const WITHDRAWAL_DAYS = 14;

/**
 * The words an EU consumer ticks before paying: express consent to delivery at once, and the
 * acknowledgement that the right to withdraw is lost once a download starts (Art. 16(m)). Kept with
 * the order, word for word, and confirmed in the receipt.
 */
export const WITHDRAWAL_CONSENT =
  "Deliver my downloads now: I agree that they are available at once, and I understand that I lose my right to withdraw from this purchase within 14 days once a download starts.";

/** The labels Art. 11a asks for, word for word: the function, and its confirmation. */
export const WITHDRAW_LABEL = "Withdraw from contract here";
export const CONFIRM_WITHDRAWAL_LABEL = "Confirm withdrawal here";
