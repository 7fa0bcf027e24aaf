// What the shared demo accounts of a demo shop may do (decision 039): said by the server's refusal
// and by the Seller Dashboard's notice, so both words are the same.

/** The refusal of every change, email, export, key or webhook the demo seller asks for in a demo shop. */
export const DEMO_SELLER_LOOKS_ONLY =
  "The demo seller can look at everything but cannot change, send or export anything in the demo shop: register your own account to try it.";

/** The refusal of a review by the demo buyer in a demo shop: every visitor would see it, and the daily restore keeps it. */
export const DEMO_BUYER_REVIEWS_OFF =
  "The demo buyer cannot publish reviews in the demo shop, where every visitor would see them: register your own account to review what you buy.";
