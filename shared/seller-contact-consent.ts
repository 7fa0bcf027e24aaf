// The buyer's consent at checkout that the sellers of what they buy may email them (their customers
// list and broadcasts): a box the buyer ticks, never ticked for them. Saved on the order
// (orders.seller_contact_consent); absent is no.

// Worded without "email": the checkout's Email field keeps a label no other control shares.
export const SELLER_CONTACT_CONSENT_LABEL = "Let the creators of these products send me news of their new work";
