import { Link } from "react-router";

type HiddenBy = "moderation" | "suspension" | "removal" | null;

/**
 * Why the platform hid a product, in one sentence: "Hidden by the platform: " and the note an
 * admin wrote, or the shop's suspension or removal (whose note says so).
 */
export function hiddenReason(hiddenBy: HiddenBy, note: string | null): string {
  if (hiddenBy === "moderation") return `Hidden by the platform: ${note ?? "it breaks the seller guidelines."}`;
  return note ?? "Hidden with your shop.";
}

/**
 * What the seller's product editor says about a product the platform hid, instead of Publish: why,
 * what happens now, and the way back (contact us; for a shop's suspension or removal, its Account
 * standing page, where the action can be appealed).
 */
export function HiddenProductNote({ hiddenBy, note }: { hiddenBy: HiddenBy; note: string | null }) {
  return (
    <div className="mt-2 flex flex-col gap-2 rounded-md bg-rose-50 p-3 text-sm text-rose-900">
      <p className="font-semibold wrap-anywhere">{hiddenReason(hiddenBy, note)}</p>
      <p>It is not on sale and does not show in the shop. Those who bought it keep their downloads.</p>
      {hiddenBy === "moderation" ? (
        <p>
          Once it is addressed,{" "}
          <Link to="/contact" className="font-medium underline">
            contact us
          </Link>{" "}
          and we will look at it again.
        </p>
      ) : (
        <p>
          It returns with your shop.{" "}
          <Link to="/seller/standing" className="font-medium underline">
            See your account standing
          </Link>
          , where you can appeal.
        </p>
      )}
    </div>
  );
}
