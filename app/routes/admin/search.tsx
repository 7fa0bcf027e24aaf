import { getFormProps } from "@conform-to/react";
import { servicesContext } from "@server/http/context.ts";
import { asRefusal } from "@server/http/error-answers.ts";
import { searchReport } from "@server/search/search-report.ts";
import { addSynonymGroup, listSynonymGroupRows, removeSynonymGroup } from "@server/search/synonyms.ts";
import { countOf, formatDateTimeUtc } from "@shared/format.ts";
import {
  GROUP_WORDS,
  MAX_SYNONYM_GROUPS,
  MAX_WORD_LENGTH,
  parseReportDays,
  REPORT_RANGES,
} from "@shared/search-admin-rules.ts";
import { addSynonymsSchema, removeSynonymsSchema, synonymIntentSchema } from "@shared/synonym-group-schema.ts";
import { MousePointerClick, Search, SearchX } from "lucide-react";
import { data, Form, Link } from "react-router";
import { FormStatus } from "~/components/account/form-status";
import { AdminPage, adminMeta } from "~/components/admin/admin-page";
import { FigureCards } from "~/components/admin/figure-cards";
import { SubmitButton } from "~/components/admin/post-button";
import { ScrollTable } from "~/components/content/scroll-table";
import { InputField, replyOf, useSchemaForm } from "~/components/forms/form-field";
import { Badge } from "~/components/ui/badge";
import { Card } from "~/components/ui/card";
import { parseForm, parseIntent, parseSubmission, readForm } from "~/lib/form.server";
import { formAction, pageLoader } from "~/lib/refusal.server";
import { requireAdmin } from "~/lib/require-user.server";
import { cn } from "~/lib/utils";
import type { Route } from "./+types/search";

export const loader = pageLoader(async ({ request, context }: Route.LoaderArgs) => {
  await requireAdmin(request, context);
  const { db } = context.get(servicesContext);
  const days = parseReportDays(new URL(request.url).searchParams.get("days"));
  const [report, synonyms] = await Promise.all([searchReport(db, days), listSynonymGroupRows(db)]);
  return {
    ...report,
    noResults: report.noResults.map((row) => ({ ...row, lastSeen: row.lastSeen.toISOString() })),
    synonyms,
  };
});

/**
 * POST: add a synonym group from its words, or remove one. A group refused, by its rules or because
 * it exists or the shop has the most it keeps, is the words field's problem, beside what was typed.
 */
export const action = formAction(async ({ request, context }: Route.ActionArgs) => {
  await requireAdmin(request, context);
  const { db } = context.get(servicesContext);
  const form = await readForm(request);
  if (parseIntent(form, synonymIntentSchema).intent === "remove-synonyms") {
    const words = await removeSynonymGroup(db, parseForm(form, removeSynonymsSchema).groupId);
    return { ok: true as const, message: `Removed: ${words.join(", ")}.` };
  }
  const submission = parseSubmission(form, addSynonymsSchema);
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  try {
    const group = await addSynonymGroup(db, submission.value.words);
    return {
      ok: true as const,
      message: `Added: ${group.words.join(", ")}.`,
      result: submission.reply({ resetForm: true }),
    };
  } catch (error) {
    const refusal = asRefusal(error);
    if (!refusal) throw error;
    return data(
      { result: submission.reply({ fieldErrors: { words: [refusal.message] } }) },
      { status: refusal.status },
    );
  }
});

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, "Search");

const count = new Intl.NumberFormat("en-US");
const percent = new Intl.NumberFormat("en-US", { style: "percent", maximumFractionDigits: 0 });
const average = new Intl.NumberFormat("en-US", { maximumFractionDigits: 1 });

const TOP_COLUMNS = [
  { label: "Query" },
  { label: "Searches", align: "right" },
  { label: "Average results", align: "right" },
  { label: "Click-through", align: "right" },
] as const;
const NO_RESULTS_COLUMNS = [
  { label: "Query" },
  { label: "Searches", align: "right" },
  { label: "Last seen", align: "right" },
] as const;

export default function SearchReportPage({ loaderData, actionData }: Route.ComponentProps) {
  const { days, totals, topQueries, noResults, synonyms } = loaderData;
  const period = `in the last ${days} days`;
  return (
    <AdminPage
      title="Search"
      lead="What shoppers search for, what they open, and what they cannot find; and the words a search treats as the same."
      controls={<RangeNav days={days} />}
      wide
    >
      {totals.searches === 0 ? (
        <p className="mt-8 text-muted-foreground">
          No searches {period} yet. Searches made on the search page show here within a few seconds.
        </p>
      ) : (
        <>
          <FigureCards
            id="search-figures"
            title="Overall"
            figures={[
              { label: "Searches", value: count.format(totals.searches), icon: Search },
              { label: "With no results", value: percent.format(totals.noResultsShare ?? 0), icon: SearchX },
              {
                label: "With a click on a result",
                value: percent.format(totals.clickShare ?? 0),
                icon: MousePointerClick,
              },
            ]}
          />
          <section aria-labelledby="top-queries-heading" className="mt-10">
            <h3 id="top-queries-heading" className="text-lg font-semibold">
              Top queries
            </h3>
            <p className="mt-1 text-sm text-muted-foreground">
              Click-through is the share of a query's searches in which the shopper opened a result.
            </p>
            <div className="mt-3">
              <ScrollTable
                label={`Top queries, last ${days} days`}
                caption={`The most searched queries ${period}, with their average number of results and click-through`}
                columns={TOP_COLUMNS}
                className="min-w-[30rem] text-sm"
              >
                {topQueries.map((row) => (
                  <tr key={row.query}>
                    <td className="px-4 py-2 wrap-anywhere">{row.query}</td>
                    <td className="px-4 py-2 text-right">{count.format(row.searches)}</td>
                    <td className="px-4 py-2 text-right">{average.format(row.averageResults)}</td>
                    <td className="px-4 py-2 text-right">{percent.format(row.clickShare)}</td>
                  </tr>
                ))}
              </ScrollTable>
            </div>
          </section>
          <section aria-labelledby="no-results-heading" className="mt-10">
            <h3 id="no-results-heading" className="text-lg font-semibold">
              Queries with no results
            </h3>
            {noResults.length === 0 ? (
              <p className="mt-1 text-muted-foreground">Every search {period} found something.</p>
            ) : (
              <>
                <p className="mt-1 text-sm text-muted-foreground">
                  What shoppers could not find: a product to add, or words to make synonyms.
                </p>
                <div className="mt-3">
                  <ScrollTable
                    label={`Queries with no results, last ${days} days`}
                    caption={`Queries that found nothing ${period}, the most frequent first`}
                    columns={NO_RESULTS_COLUMNS}
                    className="min-w-[30rem] text-sm"
                  >
                    {noResults.map((row) => (
                      <tr key={row.query}>
                        <td className="px-4 py-2 wrap-anywhere">{row.query}</td>
                        <td className="px-4 py-2 text-right">{count.format(row.searches)}</td>
                        <td className="px-4 py-2 text-right whitespace-nowrap">{formatDateTimeUtc(row.lastSeen)}</td>
                      </tr>
                    ))}
                  </ScrollTable>
                </div>
              </>
            )}
          </section>
        </>
      )}
      <SynonymsSection synonyms={synonyms} answer={actionData} />
    </AdminPage>
  );
}

/** Last 7 days or last 30, in the address. */
function RangeNav({ days }: { days: number }) {
  return (
    <nav aria-label="Time range" className="mt-4">
      <ul className="flex flex-wrap gap-2">
        {REPORT_RANGES.map((option) => (
          <li key={option}>
            <Link
              to={`/admin/search?days=${option}`}
              preventScrollReset
              aria-current={option === days ? "page" : undefined}
              className={cn(
                "inline-flex h-9 items-center rounded-md border px-3 text-sm font-medium focus-visible:outline-2 focus-visible:outline-ring",
                option === days ? "border-primary bg-primary text-primary-foreground" : "border-border hover:bg-muted",
              )}
            >
              Last {option} days
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function SynonymsSection({
  synonyms,
  answer,
}: {
  synonyms: { id: number; words: string[] }[];
  answer: { ok?: boolean; message?: string; result?: unknown } | undefined;
}) {
  // Added: Conform empties the field for the next group. Refused: the words stay, to be corrected.
  const [form, fields] = useSchemaForm(addSynonymsSchema, { id: "synonyms", lastResult: replyOf(answer) });
  // An outcome to read out: a group added or removed, or a removal refused.
  const outcome = answer?.message === undefined ? undefined : { ok: answer.ok === true, message: answer.message };
  return (
    <section aria-labelledby="synonyms-heading" className="mt-12">
      <h3 id="synonyms-heading" className="text-lg font-semibold">
        Synonyms
      </h3>
      <p className="mt-1 text-sm text-muted-foreground">
        Words that mean the same: a search for one finds products with any of them.{" "}
        {countOf(synonyms.length, "group", "groups")} of at most {MAX_SYNONYM_GROUPS}.
      </p>
      <Form method="post" preventScrollReset {...getFormProps(form)} className="mt-4 flex max-w-2xl flex-col gap-3">
        <InputField
          field={fields.words}
          label="Words that mean the same"
          placeholder="cv, resume"
          announce
          hint={`${GROUP_WORDS.min} to ${GROUP_WORDS.max} single words separated by commas, each of letters and digits, up to ${MAX_WORD_LENGTH} characters. Capitals and accents are ignored.`}
        />
        <SubmitButton intent="add-synonyms" className="self-start">
          Add group
        </SubmitButton>
      </Form>
      {outcome ? (
        <div className="mt-4">
          <FormStatus result={outcome} />
        </div>
      ) : null}
      {synonyms.length === 0 ? (
        <p className="mt-6 text-muted-foreground">No synonyms yet.</p>
      ) : (
        <ul className="mt-6 flex flex-col gap-3" aria-label="Synonym groups">
          {synonyms.map((group) => (
            <li key={group.id}>
              <Card className="flex flex-wrap items-center justify-between gap-3 p-4">
                <ul className="flex flex-wrap gap-1.5" aria-label={`Group: ${group.words.join(", ")}`}>
                  {group.words.map((word) => (
                    <li key={word}>
                      <Badge variant="neutral" className="text-sm">
                        {word}
                      </Badge>
                    </li>
                  ))}
                </ul>
                {/* The page stays where it is, with the outcome under the form above. */}
                <Form method="post" preventScrollReset>
                  <input type="hidden" name="groupId" value={group.id} />
                  <SubmitButton intent="remove-synonyms" variant="outline" size="sm">
                    Remove<span className="sr-only"> {group.words.join(", ")}</span>
                  </SubmitButton>
                </Form>
              </Card>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
