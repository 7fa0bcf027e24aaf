import { z } from "zod";
import { LICENSE_TIERS, MAX_SEATS } from "./license-tiers.ts";

// The order page's upgrade form: the licence's new tier and seats. Whether they are above the
// licence's own is the server's to say (server/licenses/upgrades.ts), with the licence in hand.

const SEATS = `Choose 1 to ${MAX_SEATS} seats.`;

export const licenseUpgradeSchema = z.object({
  tier: z.enum(LICENSE_TIERS, { error: "Choose a license: Personal, Commercial or Extended." }),
  seats: z.coerce.number({ error: SEATS }).int(SEATS).min(1, SEATS).max(MAX_SEATS, SEATS),
});
