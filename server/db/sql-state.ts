/**
 * The SQLSTATE of a PostgreSQL error (pg's `code`), also when Drizzle wraps it as the `cause` of
 * its own error; undefined for anything else.
 */
export function sqlStateOf(error: unknown): string | undefined {
  for (let current = error; current instanceof Error; current = current.cause) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string" && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}
