// The payouts section of `npm run bench`: the Friday run for many sellers with balances, on the
// transfer rail against the shop's hosted payout stand-in, run as the shop runs it (`npm run payouts`,
// a process of its own on the shop's database).
//
// 1. N sellers, each with tax details, a connected account that can be paid and a balance of $25 to
//    $500 from a month ago (written in bulk: not timed).
// 2. The run for a past Friday, timed: sellers paid, transfers per second.
// 3. N more sellers; the run for the next Friday is killed (SIGKILL) once about half its transfers are
//    made, then run again to the end.
// 4. Counts from the database: one payout and one transfer per seller of each batch, each of their
//    balance, every balance at zero: nobody paid twice.
import { type ChildProcess, spawn } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { DatabaseHandle } from "../../server/db/client.ts";
import { latestPayoutFriday } from "../../server/payouts/payout-schedule.ts";
import { fmt } from "./figures.ts";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const DAY = 24 * 3600_000;

export interface PayoutBenchOptions {
  /** Sellers in each batch. */
  sellers: number;
  /** The shop's data directory: the runs use its database while the bench holds it. */
  dataDir: string;
  /** The bench's child processes, stopped whatever happens. */
  track: (child: ChildProcess) => void;
}

/** A batch of sellers who may be paid, written in a few statements; their creators' ids. */
async function makeSellers(database: DatabaseHandle, batch: string, count: number): Promise<number[]> {
  const { rows } = await database.pool.query<{ id: number }>(
    `INSERT INTO creators (slug, name)
     SELECT 'bench-payee-' || $1 || '-' || n, 'Bench Payee ' || $1 || ' ' || n FROM generate_series(1, $2) AS n
     RETURNING id`,
    [batch, count],
  );
  const ids = rows.map((row) => row.id);
  await database.pool.query(
    `INSERT INTO seller_tax_details (creator_id, seller_type, legal_name, address_line1, city, postal_code, country,
       tax_id_kind, tax_id, date_of_birth)
     SELECT id, 'individual', 'Bench Payee ' || id, '3 rue de la Paix', 'Paris', '75002', 'FR', 'national_tin',
       '1234567890123', '1988-07-14'
     FROM unnest($1::int[]) AS id`,
    [ids],
  );
  await database.pool.query(
    `INSERT INTO hosted_payout_accounts (id, idempotency_key, reference, email, display_name, country, legal_name,
       bank_last4, details_submitted, payouts_enabled, webhook_url)
     SELECT 'hpa_bench_' || id, 'bench-account-' || id, id::text, 'payee' || id || '@example.com',
       'Bench Payee ' || id, 'FR', 'Bench Payee ' || id, '6789', true, true,
       'http://127.0.0.1:9/api/v1/payments/webhook/hosted/connect'
     FROM unnest($1::int[]) AS id`,
    [ids],
  );
  await database.pool.query(
    `INSERT INTO payout_accounts (creator_id, provider, account_ref, details_submitted, payouts_enabled)
     SELECT id, 'hosted', 'hpa_bench_' || id, true, true FROM unnest($1::int[]) AS id`,
    [ids],
  );
  // From 2500 to 50000 cents, spread over the batch; a month old, past any hold.
  await database.pool.query(
    `INSERT INTO ledger_entries (creator_id, kind, amount_cents, created_at)
     SELECT id, 'sale', 2500 + (id * 7919) % 47501, now() - interval '30 days' FROM unnest($1::int[]) AS id`,
    [ids],
  );
  return ids;
}

/** `npm run payouts -- --friday F` on the shop's database, on the transfer rail of the hosted stand-in. */
function payoutRun(options: PayoutBenchOptions, friday: string): ChildProcess {
  const child = spawn(process.execPath, ["scripts/run-payouts.ts", "--friday", friday], {
    cwd: root,
    stdio: ["ignore", "pipe", "inherit"],
    env: {
      ...process.env,
      DATA_DIR: options.dataDir,
      PAYMENT_PROVIDER: "hosted",
      PAYOUT_RAIL: "transfer",
      PAYOUT_HOLD_DAYS: "0",
      LOG_LEVEL: "warn",
    },
  });
  options.track(child);
  return child;
}

function exited(child: ChildProcess): Promise<{ code: number | null; signal: NodeJS.Signals | null; output: string }> {
  let output = "";
  child.stdout?.on("data", (chunk: Buffer) => {
    output += chunk.toString();
  });
  return new Promise((resolve) => child.once("exit", (code, signal) => resolve({ code, signal, output })));
}

const transfersTo = async (database: DatabaseHandle, ids: number[]) =>
  (
    await database.pool.query<{ count: number }>(
      "SELECT count(*)::int AS count FROM hosted_payout_transfers WHERE account_id = ANY($1::text[])",
      [ids.map((id) => `hpa_bench_${id}`)],
    )
  ).rows[0]!.count;

/** Per seller of `ids`: payouts of `friday`, transfers, whether each matches the balance it took, what is left. */
async function tally(database: DatabaseHandle, ids: number[], friday: string) {
  const { rows } = await database.pool.query<{
    sellers: number;
    paid_once: number;
    paid_twice: number;
    unpaid: number;
    transfers_matching: number;
    left_cents: number;
    paid_cents: number;
  }>(
    `WITH per_seller AS (
       SELECT c.id,
         (SELECT count(*) FROM payouts p WHERE p.creator_id = c.id AND p.week_of = $2) AS payouts,
         (SELECT count(*) FROM hosted_payout_transfers t WHERE t.account_id = 'hpa_bench_' || c.id) AS transfers,
         (SELECT count(*) FROM payouts p JOIN hosted_payout_transfers t ON t.payout_id = p.id
            AND t.amount_cents = p.amount_cents AND p.status = 'sent'
          WHERE p.creator_id = c.id AND p.week_of = $2) AS matching,
         (SELECT coalesce(sum(amount_cents), 0) FROM ledger_entries l WHERE l.creator_id = c.id) AS left_cents,
         (SELECT coalesce(sum(amount_cents), 0) FROM hosted_payout_transfers t
          WHERE t.account_id = 'hpa_bench_' || c.id) AS paid_cents
       FROM creators c WHERE c.id = ANY($1::int[]))
     SELECT count(*)::int AS sellers,
       count(*) FILTER (WHERE payouts = 1 AND transfers = 1)::int AS paid_once,
       count(*) FILTER (WHERE payouts > 1 OR transfers > 1)::int AS paid_twice,
       count(*) FILTER (WHERE transfers = 0)::int AS unpaid,
       count(*) FILTER (WHERE matching = 1)::int AS transfers_matching,
       sum(left_cents)::bigint AS left_cents, sum(paid_cents)::bigint AS paid_cents
     FROM per_seller`,
    [ids, friday],
  );
  return rows[0]!;
}

const describeTally = (label: string, counts: Awaited<ReturnType<typeof tally>>) =>
  `${label}: ${fmt(counts.paid_once)} of ${fmt(counts.sellers)} sellers paid once (transfer = payout: ${fmt(counts.transfers_matching)}), ` +
  `${counts.paid_twice} paid twice, ${fmt(counts.unpaid)} unpaid; $${fmt(Number(counts.paid_cents) / 100)} sent, ` +
  `$${fmt(Number(counts.left_cents) / 100, 2)} left on their balances`;

export async function benchPayouts(database: DatabaseHandle, options: PayoutBenchOptions): Promise<string[]> {
  const lines = [
    `Payouts (the Friday run on the transfer rail, hosted stand-in, ${fmt(options.sellers)} sellers a batch)`,
  ];
  const latest = latestPayoutFriday(new Date());
  const pastFriday = new Date(Date.parse(`${latest}T12:00:00Z`) - 7 * DAY).toISOString().slice(0, 10);

  console.log(`Writing ${fmt(options.sellers)} sellers with balances…`);
  const first = await makeSellers(database, `a${Date.now()}`, options.sellers);
  console.log(`The payout run for Friday ${pastFriday}…`);
  const started = performance.now();
  const run = await exited(payoutRun(options, pastFriday));
  const seconds = (performance.now() - started) / 1000;
  if (run.code !== 0) throw new Error(`The payout run failed (exit ${run.code ?? run.signal}): ${run.output}`);
  const clean = await tally(database, first, pastFriday);
  lines.push(
    `  A whole run: ${fmt(clean.paid_once)} sellers paid in ${fmt(seconds, 1)} s (the process's start included), ` +
      `${fmt(clean.paid_once / seconds, 0)} transfers/s (taking each payout from its balance, then a transfer each)`,
    `  ${describeTally("After it", clean)}`,
  );

  console.log(`Writing ${fmt(options.sellers)} more sellers; the run for Friday ${latest}, killed halfway…`);
  const second = await makeSellers(database, `b${Date.now()}`, options.sellers);
  const killed = payoutRun(options, latest);
  const killedExit = exited(killed);
  let madeWhenKilled = 0;
  for (;;) {
    madeWhenKilled = await transfersTo(database, second);
    if (madeWhenKilled >= options.sellers / 2 || killed.exitCode !== null) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  killed.kill("SIGKILL");
  const { signal } = await killedExit;
  const afterKill = await tally(database, second, latest);
  const again = await exited(payoutRun(options, latest));
  if (again.code !== 0) throw new Error(`The payout run after the kill failed: ${again.output}`);
  const recovered = await tally(database, second, latest);
  lines.push(
    `  Killed (${signal ?? "it had already ended"}) with ${fmt(madeWhenKilled)} transfers made: ` +
      `${fmt(afterKill.paid_once)} sellers paid, ${afterKill.paid_twice} twice`,
    `  ${describeTally("Run again to the end", recovered)}`,
  );
  return lines;
}
