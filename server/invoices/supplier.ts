import type { Config } from "../config/env.ts";
import type { InvoiceParty } from "../db/schema.ts";

/**
 * The shop as the supplier on its invoices and credit notes (Directive 2006/112/EC Art. 226(3) and
 * (5)): the owner's name and postal address (SHOP_OWNER_NAME, SHOP_OWNER_ADDRESS), the address
 * buyers write to, and the shop's VAT number where it has one (VIES_REQUESTER_VAT_NUMBER).
 */
export function invoiceSupplierOf(
  config: Pick<Config, "supportEmail"> & {
    privacy: Pick<Config["privacy"], "ownerName" | "ownerAddress">;
    vies: Pick<Config["vies"], "requester">;
  },
): InvoiceParty {
  const vatNumber = config.vies.requester;
  return {
    name: config.privacy.ownerName,
    address: [...config.privacy.ownerAddress],
    email: config.supportEmail,
    ...(vatNumber ? { taxNumber: `${vatNumber.countryCode}${vatNumber.number}` } : {}),
  };
}
