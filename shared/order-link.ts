// A guest's order link (the receipt's "Download your files"): how long it works, and the page
// where a guest asks for a new one. The server signs and checks the links
// (server/orders/order-access.ts); the pages say the same.

export const ORDER_LINK_DAYS = 90;
export const ORDER_LOOKUP_PATH = "/orders/lookup";
