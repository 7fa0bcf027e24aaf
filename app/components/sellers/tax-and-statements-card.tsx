import { formatDayUtc } from "@shared/format.ts";
import { CircleAlert, CircleCheck } from "lucide-react";
import { Link } from "react-router";
import { Card } from "~/components/ui/card";

/** What server/payouts/tax-details.ts's taxDetailsStatus says of the seller's tax details. */
export type TaxDetailsStatus =
  | { state: "missing" }
  | { state: "complete" | "incomplete"; legalName: string; taxIdKind: string; taxIdEnd: string; updatedAt: string };

/**
 * The Earnings page's way to the seller's tax details (needed before the first payout) and their
 * monthly statements.
 */
export function TaxAndStatementsCard({ tax }: { tax: TaxDetailsStatus }) {
  return (
    <Card className="h-fit p-6">
      <h2 className="text-xl font-semibold">Tax details and statements</h2>
      {tax.state === "complete" ? (
        <p className="mt-2 flex items-start gap-2 text-sm">
          <CircleCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-success" />
          <span>
            {tax.legalName}, {tax.taxIdKind} ending {tax.taxIdEnd}. Saved {formatDayUtc(tax.updatedAt)}.
          </span>
        </p>
      ) : (
        <p className="mt-2 flex items-start gap-2 text-sm text-destructive">
          <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <span>
            {tax.state === "missing"
              ? "Add your tax details: we need them before we can pay you."
              : "Your tax details need another look: we need them complete before we can pay you."}
          </span>
        </p>
      )}
      <ul className="mt-4 flex flex-col gap-2 text-sm">
        <li>
          <Link to="/seller/earnings/tax-details" className="font-medium underline">
            {tax.state === "missing" ? "Add your tax details" : "Edit your tax details"}
          </Link>
        </li>
        <li>
          <Link to="/seller/statements" className="font-medium underline">
            Monthly statements (PDF and CSV)
          </Link>
        </li>
      </ul>
    </Card>
  );
}
