import { servicesContext } from "@server/http/context.ts";
import {
  dismissReport,
  hideReportedProduct,
  type ListedReport,
  listReports,
  reportDecisionSchema,
  reportListQuery,
} from "@server/moderation/listing-reports.ts";
import { countOf, formatDateTimeUtc } from "@shared/format.ts";
import { hideNote } from "@shared/moderation-note-schema.ts";
import { dismissNote, REPORT_REASON_LABELS } from "@shared/report-schema.ts";
import { MODERATION_NOTE_LENGTH } from "@shared/shop-facts.ts";
import { Link } from "react-router";
import { AdminPage, adminMeta, CardList } from "~/components/admin/admin-page";
import { NoteForm } from "~/components/admin/note-form";
import { Pager } from "~/components/admin/pager";
import { StatusBadge } from "~/components/sellers/status-badge";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { readForm } from "~/lib/form.server";
import { formAction, pageLoader } from "~/lib/refusal.server";
import { requireAdmin } from "~/lib/require-user.server";
import type { Route } from "./+types/reports";
import { parseDecision } from "./decision-form.server";

// The moderation queue of shoppers' reports of listings: the open ones oldest first,
// grouped by product, each product with how many open reports it has; an admin dismisses a report
// or hides the product (product moderation: its seller is emailed the note), which closes all of
// its open reports. Handled reports are behind the "Handled" filter.

export const loader = pageLoader(async ({ request, context }: Route.LoaderArgs) => {
  await requireAdmin(request, context);
  const query = reportListQuery(new URL(request.url).searchParams);
  const list = await listReports(context.get(servicesContext).db, query);
  return {
    ...list,
    reports: list.reports.map((report) => ({
      ...report,
      createdAt: report.createdAt.toISOString(),
      handledAt: report.handledAt?.toISOString() ?? null,
    })),
  };
});

/** POST: dismiss one report (an optional note), or hide its product with a note for the seller. */
export const action = formAction(async ({ request, context }: Route.ActionArgs) => {
  const admin = await requireAdmin(request, context);
  const services = context.get(servicesContext);
  const parsed = parseDecision(await readForm(request), reportDecisionSchema, "note");
  if (!parsed.decision) return parsed.reply;
  const { decision } = parsed;
  if (decision.intent === "dismiss") {
    await dismissReport(services.db, { adminId: admin.id, reportId: decision.reportId, note: decision.note });
    return { ok: true as const, message: "Report dismissed." };
  }
  const outcome = await hideReportedProduct(services, {
    adminId: admin.id,
    productId: decision.productId,
    note: decision.note,
  });
  const closed = countOf(outcome.closed, "report", "reports");
  return {
    ok: true as const,
    message: outcome.hidden
      ? `Hidden "${outcome.title}"${outcome.sellerTold ? " and its seller was emailed the note" : ""}; ${closed} closed.`
      : `"${outcome.title}" was already hidden; ${closed} closed.`,
  };
});

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, "Reported listings");

const VIEWS = [
  { view: "open", label: "Open", to: "/admin/reports" },
  { view: "handled", label: "Handled", to: "/admin/reports?show=handled" },
] as const;

type Report = Omit<ListedReport, "createdAt" | "handledAt"> & { createdAt: string; handledAt: string | null };

/** The page's reports by product, in the order of each product's first (oldest) report. */
function byProduct(reports: Report[]) {
  const groups = new Map<number, Report[]>();
  for (const report of reports) groups.set(report.productId, [...(groups.get(report.productId) ?? []), report]);
  return [...groups.values()];
}

export default function ReportsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { view, page, hasNext, reports } = loaderData;
  return (
    <AdminPage
      title="Reported listings"
      lead={
        view === "open"
          ? "Shoppers' reports waiting for a decision, oldest first: dismiss a report, or hide the product."
          : "Reports already handled, the most recent first."
      }
      controls={
        <nav aria-label="Reports to show" className="mt-4 flex gap-2">
          {VIEWS.map((item) => (
            <Button key={item.view} asChild size="sm" variant={item.view === view ? "primary" : "outline"}>
              <Link to={item.to} aria-current={item.view === view ? "page" : undefined}>
                {item.label}
              </Link>
            </Button>
          ))}
        </nav>
      }
      result={actionData}
    >
      <CardList
        items={byProduct(reports)}
        itemKey={(group) => group[0]!.id}
        label={view === "open" ? "Open reports" : "Handled reports"}
        empty={page > 1 ? "There are no more reports." : view === "open" ? "No reports are waiting." : "None yet."}
        cardClassName={() => view === "handled" && "bg-muted/40"}
      >
        {(group) => <ProductReports reports={group} open={view === "open"} />}
      </CardList>
      <Pager page={page} hasNext={hasNext} label="Report pages" />
    </AdminPage>
  );
}

function ProductReports({ reports, open }: { reports: Report[]; open: boolean }) {
  const product = reports[0]!;
  const headingId = `reported-${product.productId}-${product.id}`;
  return (
    <>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 id={headingId} className="min-w-0 text-lg font-semibold wrap-anywhere">
          {product.productStatus === "published" ? (
            <Link to={`/product/${product.productId}`} className="hover:text-primary hover:underline">
              {product.productTitle}
            </Link>
          ) : (
            product.productTitle
          )}
        </h3>
        {product.openForProduct > 0 ? (
          <Badge variant="sale">{countOf(product.openForProduct, "open report", "open reports")}</Badge>
        ) : null}
      </div>
      <p className="flex flex-wrap items-center gap-2 text-sm">
        <span className="wrap-anywhere">by {product.creatorName}</span>
        <StatusBadge status={product.productStatus} />
      </p>
      <ol className="flex flex-col gap-3" aria-label={`Reports of ${product.productTitle}`}>
        {reports.map((report) => (
          <li key={report.id} className="rounded-md border border-border p-3 text-sm">
            <p id={`report-${report.id}`} className="font-medium">
              {REPORT_REASON_LABELS[report.reason]}
            </p>
            {report.details ? <p className="mt-1 whitespace-pre-wrap wrap-anywhere">{report.details}</p> : null}
            <p className="mt-1 text-muted-foreground wrap-anywhere">
              {reporterOf(report)} · {formatDateTimeUtc(report.createdAt)}
            </p>
            {open ? (
              <details className="mt-2">
                <summary className="w-fit cursor-pointer rounded-md font-medium text-primary underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-ring">
                  Dismiss this report
                </summary>
                <NoteForm
                  idField={{ name: "reportId", value: report.id }}
                  intent="dismiss"
                  name="note"
                  note={dismissNote}
                  label="Note (optional, for the team)"
                  submitLabel="Dismiss"
                  required={false}
                  maxLength={MODERATION_NOTE_LENGTH.max}
                  className="mt-3"
                  submitDescribedBy={`report-${report.id}`}
                />
              </details>
            ) : (
              <p className="mt-1">
                <Badge variant={report.status === "actioned" ? "sale" : "neutral"}>
                  {report.status === "actioned" ? "Product hidden" : "Dismissed"}
                </Badge>{" "}
                {report.handledAt ? `${formatDateTimeUtc(report.handledAt)}` : ""}
                {report.handledByName ? ` by ${report.handledByName}` : ""}
                {report.resolution ? (
                  <span className="mt-1 block whitespace-pre-wrap wrap-anywhere">Note: {report.resolution}</span>
                ) : null}
              </p>
            )}
          </li>
        ))}
      </ol>
      {open ? (
        <details>
          <summary className="w-fit cursor-pointer rounded-md text-sm font-medium text-primary underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-ring">
            {product.productStatus === "hidden" ? "Close as actioned" : "Hide this product"}
          </summary>
          <NoteForm
            idField={{ name: "productId", value: product.productId }}
            intent="hide"
            name="note"
            note={hideNote}
            label={
              product.productStatus === "hidden"
                ? "Note (the product is already hidden; this closes its reports)"
                : "Note for the seller (why it is hidden)"
            }
            submitLabel={product.productStatus === "hidden" ? "Close reports" : "Hide product"}
            minLength={MODERATION_NOTE_LENGTH.min}
            maxLength={MODERATION_NOTE_LENGTH.max}
            variant="destructive"
            className="mt-3"
            submitDescribedBy={headingId}
          />
        </details>
      ) : null}
    </>
  );
}

function reporterOf(report: Report) {
  if (report.reporterName)
    return `Reported by ${report.reporterName}${report.reporterEmail ? ` (${report.reporterEmail})` : ""}`;
  if (report.reporterEmail) return `Reported by a guest (${report.reporterEmail})`;
  return "Reported by a deleted account";
}
