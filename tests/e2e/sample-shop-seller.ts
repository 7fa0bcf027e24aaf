// `node tests/e2e/sample-shop-seller.ts <email> <password>` (run by the e2e fixtures against the
// run's own server, as runScript runs the shop's scripts): makes a real seller account, signed in
// with this password, that runs the sample shop Design Studio Pro, so that the browser tests of
// what a seller does have a shop with sample products and sales. The shared demo seller may only
// look (decision 039): it is given another sample shop, Little Paper Nook, to look at. Idempotent.
import { hashPassword } from "better-auth/crypto";
import { eq } from "drizzle-orm";
import { withShopDatabase } from "../../scripts/shop-database.ts";
import { account, creators, user } from "../../server/db/schema.ts";
import { DEMO_ACCOUNTS } from "../../server/demo/accounts/demo-accounts.ts";

const [email, password] = process.argv.slice(2);
if (!email || !password) throw new Error("Usage: node tests/e2e/sample-shop-seller.ts <email> <password>");
const id = "e2e-sample-shop-seller";
const demoSellerId = DEMO_ACCOUNTS.find((demo) => demo.isSeller)!.id;

process.exitCode = await withShopDatabase(async (db) => {
  const hash = await hashPassword(password);
  await db.transaction(async (tx) => {
    const values = { id, name: "Sam Seller", email, emailVerified: true, isSeller: true };
    await tx.insert(user).values(values).onConflictDoUpdate({ target: user.id, set: values });
    await tx
      .insert(account)
      .values({ id: `${id}-credential`, accountId: id, providerId: "credential", userId: id, password: hash })
      .onConflictDoUpdate({ target: account.id, set: { password: hash } });
    await tx.update(creators).set({ userId: id }).where(eq(creators.slug, "design-studio-pro"));
    await tx.update(creators).set({ userId: demoSellerId }).where(eq(creators.slug, "little-paper-nook"));
  });
  console.log(`${email} runs Design Studio Pro`);
  return 0;
});
