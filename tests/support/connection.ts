import type pg from "pg";

/** How to reach a PostgreSQL server: a URL, or the embedded server's socket settings. */
export type ServerConnection = { url: string } | { host: string; port: number; user: string };

/** Client settings for one database on that server. */
export function connectionFor(server: ServerConnection, database: string): pg.ClientConfig {
  if ("url" in server) {
    const url = new URL(server.url);
    url.pathname = `/${database}`;
    return { connectionString: url.toString() };
  }
  return { ...server, database };
}

export function quoteIdentifier(name: string) {
  return `"${name.replaceAll('"', '""')}"`;
}
