import { z } from "zod";

// Pieces every operation's schemas use: paging, money, ids, times.

/** The currency of every amount (the shop sells in US dollars). */
export const currencySchema = z.literal("usd").meta({ description: "ISO 4217, lower case." });

export const centsSchema = z.number().int().meta({ description: "An amount in integer cents." });

/** A record's id in a path: digits, read to a number (too long a number is simply not found). */
export const idParamsSchema = z.object({
  id: z.coerce
    .number({ error: "The id is a whole number." })
    .int("The id is a whole number.")
    .positive("The id is a whole number above 0.")
    .max(2_147_483_647, "No record has this id.")
    .meta({ description: "The record's id." }),
});

const MAX_PER_PAGE = 100;

/** `page` (from 1) and `perPage` (1 to 100, 25 unless given): what every list takes. */
export const pageQueryShape = {
  page: z.coerce
    .number({ error: "page is a whole number from 1." })
    .int("page is a whole number from 1.")
    .min(1, "page is a whole number from 1.")
    .max(100_000, "page is at most 100000.")
    .default(1)
    .meta({ description: "The page, from 1." }),
  perPage: z.coerce
    .number({ error: `perPage is a whole number from 1 to ${MAX_PER_PAGE}.` })
    .int(`perPage is a whole number from 1 to ${MAX_PER_PAGE}.`)
    .min(1, `perPage is a whole number from 1 to ${MAX_PER_PAGE}.`)
    .max(MAX_PER_PAGE, `perPage is a whole number from 1 to ${MAX_PER_PAGE}.`)
    .default(25)
    .meta({ description: `Items a page, 1 to ${MAX_PER_PAGE}.` }),
};

const paginationSchema = z
  .object({
    page: z.number().int(),
    perPage: z.number().int(),
    hasMore: z.boolean().meta({ description: "Whether a next page has items." }),
  })
  .strict();

/** A page of `item`s: `{ data, pagination }`. */
export function pageOf<Item extends z.ZodType>(item: Item) {
  return z.object({ data: z.array(item), pagination: paginationSchema }).strict();
}

/** From a query of perPage + 1 rows: the page's rows and whether more follow. */
export function pageFrom<Row>(rows: Row[], page: { page: number; perPage: number }) {
  return {
    data: rows.slice(0, page.perPage),
    pagination: { page: page.page, perPage: page.perPage, hasMore: rows.length > page.perPage },
  };
}

/** A moment, as an ISO 8601 string in UTC. */
export const timeSchema = z.iso.datetime();

export const isoTime = (date: Date): string => date.toISOString();
