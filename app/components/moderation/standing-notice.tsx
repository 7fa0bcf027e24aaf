import { formatDay, type Standing } from "@shared/enforcement.ts";
import { Link } from "react-router";
import { cn } from "~/lib/utils";

export interface StandingNoticeData {
  standing: Standing;
  suspendedUntil: string | null;
  warningFixBy: string | null;
}

function noticeText({ standing, suspendedUntil, warningFixBy }: StandingNoticeData) {
  if (standing === "removed")
    return "Your shop has been removed from the marketplace: its products are no longer on sale.";
  if (standing === "suspended") {
    return `Your shop is suspended${suspendedUntil ? ` until ${formatDay(suspendedUntil)}` : ""}: its products are hidden and cannot be published until then.`;
  }
  return `Your shop has a warning: please fix the issue by ${warningFixBy ? formatDay(warningFixBy) : "the date given"}.`;
}

/** The Seller Dashboard's banner while the shop is suspended or removed, or has a warning to fix. */
export function StandingNotice({ notice }: { notice: StandingNoticeData }) {
  return (
    <div
      className={cn(
        "mt-6 rounded-md border p-4 text-sm",
        notice.standing === "removed"
          ? "border-rose-200 bg-rose-50 text-rose-900"
          : "border-amber-200 bg-amber-50 text-amber-900",
      )}
    >
      <p>
        {noticeText(notice)}{" "}
        <Link to="/seller/standing" className="font-medium underline">
          See your account standing
        </Link>
      </p>
    </div>
  );
}
