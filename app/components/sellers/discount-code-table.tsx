import { formatDayUtc, formatPrice, formatWhole } from "@shared/format.ts";
import { Form } from "react-router";
import { FormStatus } from "~/components/account/form-status";
import { SubmitButton } from "~/components/admin/post-button";
import { ScrollTable } from "~/components/content/scroll-table";
import { Badge } from "~/components/ui/badge";

export type DiscountCodeStatus = "scheduled" | "active" | "ended" | "used-up";

/** A code as the discount pages list it (app/lib/discount-code-pages.server.ts). */
export interface DiscountCodeRow {
  id: number;
  code: string;
  kind: "percent" | "amount";
  /** A percent, or cents. */
  value: number;
  /** The products it is limited to; null for all of them. */
  productTitles: string[] | null;
  /** ISO times of its first and last days (UTC), when it has them. */
  firstDay: string | null;
  lastDay: string | null;
  uses: number;
  maxUses: number | null;
  oncePerBuyer: boolean;
  status: DiscountCodeStatus;
}

const STATUS = {
  scheduled: { label: "Scheduled", variant: "default" },
  active: { label: "Active", variant: "success" },
  ended: { label: "Ended", variant: "neutral" },
  "used-up": { label: "Used up", variant: "sale" },
} as const;

/** "20% off", "$5.00 off". */
function takesOff(code: Pick<DiscountCodeRow, "kind" | "value">) {
  return code.kind === "percent" ? `${code.value}% off` : `${formatPrice(code.value)} off`;
}

function datesOf({ firstDay, lastDay }: DiscountCodeRow) {
  if (firstDay && lastDay) return `${formatDayUtc(firstDay)} to ${formatDayUtc(lastDay)}`;
  if (firstDay) return `From ${formatDayUtc(firstDay)}`;
  if (lastDay) return `Until ${formatDayUtc(lastDay)}`;
  return "Any time";
}

function usesOf({ uses, maxUses }: DiscountCodeRow) {
  return maxUses === null ? `${formatWhole(uses)} used` : `${formatWhole(uses)} of ${formatWhole(maxUses)} used`;
}

/**
 * The owner's codes, newest first: what each takes off, from which products, when, how often it
 * was used, and where it stands, with End code for one that can still be used. `siteWide` codes
 * are for every product, so they have no products column.
 */
export function DiscountCodeTable({
  codes,
  siteWide = false,
  label,
  empty,
}: {
  codes: DiscountCodeRow[];
  siteWide?: boolean;
  /** The table's name: "Your discount codes". */
  label: string;
  /** What the page says when there are none. */
  empty: string;
}) {
  if (codes.length === 0) return <p className="mt-3 text-muted-foreground">{empty}</p>;
  const columns = [
    { label: "Code" },
    { label: "Takes off" },
    ...(siteWide ? [] : [{ label: "Products" }]),
    { label: "Dates (UTC)" },
    { label: "Uses" },
    { label: "Once per buyer" },
    { label: "Status" },
  ];
  return (
    <div className="mt-3">
      <ScrollTable
        label={label}
        caption={`${label}, newest first`}
        columns={columns}
        className={siteWide ? "min-w-[44rem] text-sm" : "min-w-[54rem] text-sm"}
        bodyClassName="align-top"
      >
        {codes.map((code) => {
          const status = STATUS[code.status];
          return (
            <tr key={code.id}>
              <td className="px-4 py-3 font-mono font-semibold break-all">{code.code}</td>
              <td className="px-4 py-3 whitespace-nowrap">{takesOff(code)}</td>
              {siteWide ? null : (
                <td className="px-4 py-3">
                  {code.productTitles === null ? "All your products" : code.productTitles.join(", ")}
                </td>
              )}
              <td className="px-4 py-3">{datesOf(code)}</td>
              <td className="px-4 py-3 whitespace-nowrap">{usesOf(code)}</td>
              <td className="px-4 py-3">{code.oncePerBuyer ? "Yes" : "No"}</td>
              <td className="px-4 py-3">
                <div className="flex flex-col items-start gap-2">
                  <Badge variant={status.variant}>{status.label}</Badge>
                  {code.status === "ended" ? null : (
                    // The page stays where it is: the outcome shows above the table.
                    <Form method="post" preventScrollReset>
                      <input type="hidden" name="codeId" value={code.id} />
                      <SubmitButton intent="end-code" variant="outline" size="sm" className="whitespace-nowrap">
                        End code<span className="sr-only"> {code.code}</span>
                      </SubmitButton>
                    </Form>
                  )}
                </div>
              </td>
            </tr>
          );
        })}
      </ScrollTable>
    </div>
  );
}

/** The page's last action, when it says something: a code made or ended, or an end refused. */
export function CodeOutcome({ answer }: { answer: unknown }) {
  if (!answer || typeof answer !== "object" || !("message" in answer)) return null;
  const { ok, message } = answer as { ok: boolean; message: string };
  return (
    <div className="mt-6 max-w-3xl">
      <FormStatus result={{ ok, message }} />
    </div>
  );
}
