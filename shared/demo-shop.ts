// What the shared demo seller of a demo shop may do (decision 039): said by the server's refusal
// and by the Seller Dashboard's notice, so both words are the same.

/** The refusal of every change, email, export, key or webhook the demo seller asks for in a demo shop. */
export const DEMO_SELLER_LOOKS_ONLY =
  "The demo seller can look at everything but cannot change, send or export anything in the demo shop: register your own account to try it.";
