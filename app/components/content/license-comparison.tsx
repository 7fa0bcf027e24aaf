import { LICENSE_TIER_NAMES, LICENSE_TIERS, type LicenseTier } from "@shared/license-tiers.ts";
import { Check, X } from "lucide-react";
import { type Column, ScrollTable } from "~/components/content/scroll-table";

type LicenseName = (typeof LICENSE_TIER_NAMES)[LicenseTier];

const licenseNames = LICENSE_TIERS.map((tier) => LICENSE_TIER_NAMES[tier]);

// Each row: a use, and the licenses that allow it.
const comparison: { use: string; allowedBy: LicenseName[] }[] = [
  { use: "Personal projects, your home and gifts", allowedBy: ["Personal", "Commercial", "Extended"] },
  { use: "Print as many copies as you need for yourself", allowedBy: ["Personal", "Commercial", "Extended"] },
  { use: "Client work and use in your business", allowedBy: ["Commercial", "Extended"] },
  { use: "Marketing, social media and websites", allowedBy: ["Commercial", "Extended"] },
  { use: "Sell end products where the design is one part", allowedBy: ["Commercial", "Extended"] },
  { use: "Sell products where the design is the main feature", allowedBy: ["Extended"] },
  { use: "Resell, share or give away the original files", allowedBy: [] },
];

const comparisonColumns: Column[] = [
  { label: "Use" },
  ...licenseNames.map((name): Column => ({ label: name, align: "center" })),
];

function Allowed({ allowed }: { allowed: boolean }) {
  const Icon = allowed ? Check : X;
  return (
    <>
      <Icon aria-hidden="true" className={`mx-auto size-5 ${allowed ? "text-success" : "text-destructive"}`} />
      <span className="sr-only">{allowed ? "Allowed" : "Not allowed"}</span>
    </>
  );
}

/** What each license allows, use by use: on the License page, and opened in place on a product page. */
export function LicenseComparisonTable({ className = "min-w-[36rem] text-sm" }: { className?: string }) {
  return (
    <ScrollTable
      label="License comparison table"
      caption="What each license allows"
      columns={comparisonColumns}
      className={className}
    >
      {comparison.map((row) => (
        <tr key={row.use}>
          <th scope="row" className="px-4 py-3 text-left font-normal">
            {row.use}
          </th>
          {licenseNames.map((name) => (
            <td key={name} className="px-4 py-3 text-center">
              <Allowed allowed={row.allowedBy.includes(name)} />
            </td>
          ))}
        </tr>
      ))}
    </ScrollTable>
  );
}
