// Small readers of what an admin's address or form names: a page of a list, a row's id.

/** The furthest page an address may ask for; lists past it are searched, not paged through. */
const MAX_PAGE = 10_000;

/** `?page=3` as 3; a missing, malformed or out-of-range page is the first. */
export function pageNumber(value: string | null | undefined): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 && page <= MAX_PAGE ? page : 1;
}

/** Whether `id` can name a row of a serial column (a positive 32-bit integer). */
export function isRowId(id: number): boolean {
  return Number.isInteger(id) && id >= 1 && id <= 2_147_483_647;
}

/**
 * What an admin list's address asks for: `?q=...&<filterName>=...&page=N`. The query is trimmed and
 * at most 100 characters; an unknown filter is the first of `filters` (all).
 */
export function listQuery<Filter extends string>(
  params: URLSearchParams,
  filterName: string,
  filters: readonly [Filter, ...Filter[]],
): { query: string; filter: Filter; page: number } {
  const asked = params.get(filterName);
  return {
    query: (params.get("q") ?? "").trim().slice(0, 100),
    filter: filters.find((filter) => filter === asked) ?? filters[0],
    page: pageNumber(params.get("page")),
  };
}
