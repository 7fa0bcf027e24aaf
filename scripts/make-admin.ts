// `npm run make-admin -- <email> [--revoke]`: gives the account with this address the admin role
// (the admin console), or takes it back. The only way to become an admin: no request can.
// Works while the shop runs (through its database's socket) and with DATABASE_URL.
import { setAdminRole } from "../server/admin/admin-role.ts";
import { ConfigError, parseConfig } from "../server/config/env.ts";
import { openDatabaseForScript } from "../server/db/open.ts";

const USAGE = "Usage: npm run make-admin -- <email> [--revoke]";

async function main(argv: string[]): Promise<number> {
  const revoke = argv.includes("--revoke");
  const emails = argv.filter((arg) => arg !== "--revoke");
  if (emails.length !== 1 || !emails[0]!.includes("@") || emails[0]!.startsWith("-")) {
    console.error(USAGE);
    return 2;
  }
  const email = emails[0]!;
  let config: ReturnType<typeof parseConfig>;
  try {
    config = parseConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    return 1;
  }
  const database = await openDatabaseForScript(config, (message) => console.log(message));
  try {
    const changed = await setAdminRole(database.db, email, !revoke);
    if (!changed) {
      console.error(`No account has the address ${email}. Register it in the shop first.`);
      return 1;
    }
    console.log(
      revoke ? `${changed.name} (${email}) is no longer an admin.` : `${changed.name} (${email}) is now an admin.`,
    );
    return 0;
  } finally {
    await database.close();
  }
}

process.exitCode = await main(process.argv.slice(2));
