import { Link } from "react-router";

/**
 * What the seller's product editor says about a product the platform hid: why (the note an admin
 * wrote, or the shop's suspension or removal) and what happens now.
 */
export function HiddenProductNote({
  hiddenBy,
  note,
}: {
  hiddenBy: "moderation" | "suspension" | "removal" | null;
  note: string | null;
}) {
  return (
    <div className="mt-2 flex flex-col gap-2 rounded-md bg-rose-50 p-3 text-sm text-rose-900">
      <p>
        {hiddenBy === "moderation"
          ? "Our team has hidden this product: it is not on sale and does not show in the shop. Those who bought it keep their downloads."
          : "This product is hidden with your shop: it is not on sale. Those who bought it keep their downloads."}
      </p>
      {note ? (
        <p>
          <span className="font-semibold">{hiddenBy === "moderation" ? "The platform's note:" : "Why:"}</span> {note}
        </p>
      ) : null}
      {hiddenBy === "moderation" ? (
        <p>
          Once it is addressed,{" "}
          <Link to="/contact" className="font-medium underline">
            contact us
          </Link>{" "}
          and we will look at it again.
        </p>
      ) : null}
    </div>
  );
}
