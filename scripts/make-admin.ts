// `npm run make-admin -- <email> [--revoke]`: gives the account with this address the admin role
// (the admin console), or takes it back. The only way to become an admin: no request can. The
// console also asks for a second factor (docs/decisions/055-two-factor-and-passkeys.md).
// Works while the shop runs (through its database's socket) and with DATABASE_URL.
import { hasSecondFactor } from "../server/accounts/second-factor.ts";
import { setAdminRole } from "../server/admin/admin-role.ts";
import { withShopDatabase } from "./shop-database.ts";

const USAGE = "Usage: npm run make-admin -- <email> [--revoke]";

async function main(argv: string[]): Promise<number> {
  const revoke = argv.includes("--revoke");
  const emails = argv.filter((arg) => arg !== "--revoke");
  if (emails.length !== 1 || !emails[0]!.includes("@") || emails[0]!.startsWith("-")) {
    console.error(USAGE);
    return 2;
  }
  const email = emails[0]!;
  return withShopDatabase(async (db) => {
    const changed = await setAdminRole(db, email, !revoke);
    if (!changed) {
      console.error(`No account has the address ${email}. Register it in the shop first.`);
      return 1;
    }
    console.log(
      revoke ? `${changed.name} (${email}) is no longer an admin.` : `${changed.name} (${email}) is now an admin.`,
    );
    // The console asks for a second factor; Settings, outside it, is where the new admin turns one on.
    if (!revoke && !(await hasSecondFactor(db, changed.id))) {
      console.log(
        "Before they can use the admin console, they must turn on two-factor sign-in or add a passkey in Settings (/account/settings).",
      );
    }
    return 0;
  });
}

process.exitCode = await main(process.argv.slice(2));
