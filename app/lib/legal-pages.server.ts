import { GUEST_DAYS } from "@server/cart/shopper.ts";
import { servicesContext } from "@server/http/context.ts";
import type { PrivacySettings } from "@shared/privacy-notice.ts";
import type { RouterContextProvider } from "react-router";

/**
 * What the Privacy Policy and Terms of Service show of the shop's configuration: its name, who runs
 * it and where to write (decision 060). The same for every visitor, so the pages stay cacheable.
 * Without settings (a test's services), the shop's name and support address stand in.
 */
export function legalPageData(context: Readonly<RouterContextProvider>) {
  const { shopName, shopMode, supportEmail, privacy } = context.get(servicesContext);
  const settings: PrivacySettings = privacy ?? {
    shopMode,
    ownerName: shopName,
    ownerAddress: [],
    privacyEmail: supportEmail,
    processors: [],
  };
  // A guest's cart and wishlist are removed this long after their last visit (a scheduled job).
  return { shopName, supportEmail, guestCartDays: GUEST_DAYS, ...settings };
}

export type LegalPageData = ReturnType<typeof legalPageData>;
