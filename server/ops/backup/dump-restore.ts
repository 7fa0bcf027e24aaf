import { execFile, spawn } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import pg from "pg";
import { ArchiveError } from "./archive.ts";
import { withoutPassword } from "./create-backup.ts";
import type { PgClientTools } from "./pg-client-tools.ts";

const run = promisify(execFile);

/** Reads the whole dump (its table of contents and every table's data) without a server: a damaged one fails here. */
export async function checkDump(tools: PgClientTools, dump: string): Promise<void> {
  try {
    await run(path.join(tools.binDir, "pg_restore"), ["--list", dump], { maxBuffer: 64 * 1024 * 1024 });
    await run(path.join(tools.binDir, "pg_restore"), ["--file=/dev/null", dump], { maxBuffer: 16 * 1024 * 1024 });
  } catch (error) {
    throw new ArchiveError(
      `pg_restore cannot read the backup's dump: ${(error as { stderr?: string }).stderr ?? error}`,
    );
  }
}

/** How many other sessions are connected to this database (the shop's app servers, a psql). */
export async function otherSessions(databaseUrl: string): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query(
      `SELECT count(*)::int AS count FROM pg_stat_activity
       WHERE datname = current_database() AND pid <> pg_backend_pid() AND backend_type = 'client backend'`,
    );
    return rows[0].count;
  } finally {
    await client.end();
  }
}

/** The schemas the dump creates (public aside, which every database has). */
async function dumpedSchemas(tools: PgClientTools, dump: string): Promise<string[]> {
  const { stdout } = await run(path.join(tools.binDir, "pg_restore"), ["--list", dump], {
    maxBuffer: 64 * 1024 * 1024,
  });
  return [...stdout.matchAll(/^\d+; \d+ \d+ SCHEMA - (\S+) /gm)].map((match) => match[1]!);
}

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * Replaces the database's contents with the dump's, all or nothing: the shop's schemas are dropped
 * and the dump's SQL (pg_restore's script) applied in one transaction by psql, whose COMMIT is
 * sent only once pg_restore has written all of it. Objects are owned by the restoring role.
 */
export async function restoreDump(tools: PgClientTools, dump: string, databaseUrl: string): Promise<void> {
  const schemas = (await dumpedSchemas(tools, dump)).filter((name) => name !== "public");
  const { url, env } = withoutPassword(databaseUrl);
  const psql = spawn(
    path.join(tools.binDir, "psql"),
    ["--no-psqlrc", "--quiet", "--no-password", "--set=ON_ERROR_STOP=1", `--dbname=${url}`],
    { env, stdio: ["pipe", "ignore", "pipe"] },
  );
  const restore = spawn(path.join(tools.binDir, "pg_restore"), ["--no-owner", "--no-privileges", "--file=-", dump], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  const errors = { psql: "", restore: "" };
  psql.stderr.on("data", (chunk) => (errors.psql += chunk));
  restore.stderr.on("data", (chunk) => (errors.restore += chunk));
  const exited = (child: ReturnType<typeof spawn>) =>
    new Promise<number>((resolve) => child.on("close", (code) => resolve(code ?? 1)));
  const psqlDone = exited(psql);
  // psql may stop early (ON_ERROR_STOP); writing to it then fails, which its exit code reports.
  psql.stdin.on("error", () => {});

  psql.stdin.write(
    [
      "BEGIN;",
      "SET client_min_messages = warning;",
      ...schemas.map((name) => `DROP SCHEMA IF EXISTS ${quote(name)} CASCADE;`),
      "DROP SCHEMA IF EXISTS public CASCADE;",
      "CREATE SCHEMA public;",
      "",
    ].join("\n"),
  );
  restore.stdout.pipe(psql.stdin, { end: false });
  const restoreCode = await exited(restore);
  // Without COMMIT, psql's end of input ends the session and the transaction is rolled back.
  psql.stdin.end(restoreCode === 0 ? "\nCOMMIT;\n" : "\n");
  const psqlCode = await psqlDone;
  if (restoreCode !== 0) throw new Error(`pg_restore failed; nothing was changed: ${errors.restore.trim()}`);
  if (psqlCode !== 0) throw new Error(`The restore failed; nothing was changed: ${errors.psql.trim()}`);
}
