import type { Config } from "../config/env.ts";
import type { InvoiceParty } from "../db/schema.ts";

/**
 * The shop as the supplier on its invoices and credit notes: its name and the address buyers
 * write to. The legal name, postal address and tax number the law asks for come from the shop's
 * configuration once it has them (issue 32); until then the shop's name and support address.
 */
export function invoiceSupplierOf(config: Pick<Config, "shopName" | "supportEmail">): InvoiceParty {
  return { name: config.shopName, address: [], email: config.supportEmail };
}
