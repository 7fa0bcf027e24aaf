import { sql } from "drizzle-orm";
import type { ReportDays } from "../../shared/search-admin-rules.ts";
import type { Database } from "../db/client.ts";
import { searchClicks, searchLog } from "../db/schema.ts";

// The admin Search page's figures, from the search log (search-log.ts): what shoppers searched
// for in the last week or month, how often they opened a result, and what found nothing.

/** Rows in each of the page's lists. */
export const REPORT_ROWS = 20;

export interface SearchReport {
  days: ReportDays;
  totals: {
    searches: number;
    /** Shares of the searches, 0 to 1; null when there were none. */
    noResultsShare: number | null;
    clickShare: number | null;
  };
  /** The most searched texts, most first. */
  topQueries: { query: string; searches: number; averageResults: number; clickShare: number }[];
  /** Texts that found nothing, the most frequent first. */
  noResults: { query: string; searches: number; lastSeen: Date }[];
}

/** The report of the last `days` days (counted back from now, to the second). */
export async function searchReport(db: Database, days: ReportDays): Promise<SearchReport> {
  // The searches of the period, each with whether any of its results was opened (a click comes
  // after its search, so the clicks of the same period are enough).
  const recent = sql`
    WITH recent AS (
      SELECT l.query, l.results, l.searched_at,
        EXISTS (SELECT 1 FROM ${searchClicks} c WHERE c.search_id = l.id) AS clicked
      FROM ${searchLog} l
      WHERE l.searched_at >= now() - make_interval(days => ${days})
    )`;
  const [totals, top, none] = await Promise.all([
    db.execute<{ searches: number; no_results: number; clicked: number }>(sql`${recent}
      SELECT count(*)::int AS searches, count(*) FILTER (WHERE results = 0)::int AS no_results,
        count(*) FILTER (WHERE clicked)::int AS clicked
      FROM recent`),
    db.execute<{ query: string; searches: number; average_results: number; clicked: number }>(sql`${recent}
      SELECT query, count(*)::int AS searches, avg(results)::float8 AS average_results,
        count(*) FILTER (WHERE clicked)::int AS clicked
      FROM recent GROUP BY query ORDER BY searches DESC, query LIMIT ${REPORT_ROWS}`),
    db.execute<{ query: string; searches: number; last_seen: Date | string }>(sql`${recent}
      SELECT query, count(*)::int AS searches, max(searched_at) AS last_seen
      FROM recent WHERE results = 0 GROUP BY query ORDER BY searches DESC, last_seen DESC, query LIMIT ${REPORT_ROWS}`),
  ]);
  const { searches, no_results, clicked } = totals.rows[0] ?? { searches: 0, no_results: 0, clicked: 0 };
  return {
    days,
    totals: {
      searches,
      noResultsShare: searches > 0 ? no_results / searches : null,
      clickShare: searches > 0 ? clicked / searches : null,
    },
    topQueries: top.rows.map((row) => ({
      query: row.query,
      searches: row.searches,
      averageResults: row.average_results,
      clickShare: row.clicked / row.searches,
    })),
    noResults: none.rows.map((row) => ({
      query: row.query,
      searches: row.searches,
      lastSeen: new Date(row.last_seen),
    })),
  };
}
