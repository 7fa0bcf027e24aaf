import { execFile } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { promisify } from "node:util";

const run = promisify(execFile);

export interface PgClientTools {
  /** The folder of pg_dump, pg_restore and psql. */
  binDir: string;
  /** Their major version (pg_dump --version). */
  major: number;
}

// The usual homes of PostgreSQL's client programs: Debian and Ubuntu, RHEL's PGDG packages, Homebrew.
const VERSIONED_HOMES = [
  { parent: "/usr/lib/postgresql", bin: (name: string) => path.join("/usr/lib/postgresql", name, "bin") },
  { parent: "/usr", bin: (name: string) => (name.startsWith("pgsql-") ? path.join("/usr", name, "bin") : "") },
  {
    parent: "/opt/homebrew/opt",
    bin: (name: string) => (name.startsWith("postgresql") ? path.join("/opt/homebrew/opt", name, "bin") : ""),
  },
  {
    parent: "/usr/local/opt",
    bin: (name: string) => (name.startsWith("postgresql") ? path.join("/usr/local/opt", name, "bin") : ""),
  },
];

/**
 * Folders that may hold pg_dump: PG_BIN alone when set, else the usual versioned homes (exact
 * versions), then PATH (where Debian's /usr/bin/pg_dump is a wrapper that picks one of them).
 */
function candidateBinDirs(pgBin: string | undefined, pathVariable = process.env.PATH ?? ""): string[] {
  if (pgBin) return [path.resolve(pgBin)];
  const dirs: string[] = [];
  for (const home of VERSIONED_HOMES) {
    let names: string[] = [];
    try {
      names = fs.readdirSync(home.parent);
    } catch {
      continue;
    }
    for (const name of names) {
      const bin = home.bin(name);
      if (bin) dirs.push(bin);
    }
  }
  dirs.push(...pathVariable.split(path.delimiter).filter(Boolean));
  return [...new Set(dirs.map((dir) => path.resolve(dir)))];
}

async function versionOf(binDir: string): Promise<number | undefined> {
  const programs = ["pg_dump", "pg_restore", "psql"].map((name) => path.join(binDir, name));
  if (!programs.every((program) => fs.existsSync(program))) return undefined;
  try {
    const { stdout } = await run(programs[0]!, ["--version"]);
    const major = /\(PostgreSQL\)\s+(\d+)/.exec(stdout)?.[1];
    return major ? Number(major) : undefined;
  } catch {
    return undefined;
  }
}

/** Every folder with pg_dump, pg_restore and psql, and their version. */
export async function findPgClientTools(pgBin: string | undefined): Promise<PgClientTools[]> {
  const found: PgClientTools[] = [];
  for (const binDir of candidateBinDirs(pgBin)) {
    const major = await versionOf(binDir);
    if (major !== undefined) found.push({ binDir, major });
  }
  return found;
}

/**
 * The client tools to use with a server (or an archive) of major version `major`: pg_dump refuses
 * to dump a newer server than itself and pg_restore to read a newer archive, so the newest found,
 * if it is at least that version.
 */
export async function pgClientToolsFor(major: number, pgBin: string | undefined): Promise<PgClientTools> {
  const found = await findPgClientTools(pgBin);
  const best = found.filter((tools) => tools.major >= major).sort((a, b) => b.major - a.major)[0];
  if (best) return best;
  const seen = found.length
    ? `found only ${found.map((tools) => `${tools.major} (${tools.binDir})`).join(", ")}`
    : "found none";
  throw new Error(
    `pg_dump, pg_restore and psql of PostgreSQL ${major} or newer are needed: ${seen}${pgBin ? ` in PG_BIN=${pgBin}` : ""}. ` +
      `Install them (Debian, Ubuntu: postgresql-client-${major} from apt.postgresql.org) and set PG_BIN to their folder if they are not on PATH.`,
  );
}
