import type { Logger } from "pino";
import { queueDueBroadcasts, sendBroadcast } from "../broadcasts/send-broadcasts.ts";
import { removeIdleGuests } from "../cart/shopper.ts";
import { refreshTrendingScores } from "../catalogue/trending.ts";
import type { Config } from "../config/env.ts";
import { ratesDueAtStart, runRatesJob } from "../currencies/update-rates.ts";
import type { Database } from "../db/client.ts";
import { sendProductUpdateEmails } from "../delivery/update-notices.ts";
import { mailerFor } from "../email/mailer.ts";
import { backfillInvoices } from "../invoices/backfill-invoices.ts";
import { invoiceSupplierOf } from "../invoices/supplier.ts";
import { liftEndedSuspensions } from "../moderation/lift-ended-suspensions.ts";
import { sendCartReminders } from "../notifications/cart-reminders.ts";
import { notifyFollowers } from "../notifications/publish-notices.ts";
import { reportUndeliveredEmail } from "../notifications/undelivered-email.ts";
import { expireUnpaidOrders } from "../orders/expire-orders.ts";
import { refundUnappliedUpgrade } from "../orders/refund-unapplied-upgrade.ts";
import { sendReceipt } from "../orders/send-receipt.ts";
import { recheckUncheckedVatNumbers } from "../orders/vat-recheck.ts";
import { deliverHostedWebhook, expireHostedSessions } from "../payments/hosted/hosted-payments.ts";
import { hostedWebhookSecret } from "../payments/hosted/hosted-provider.ts";
import { paymentProviderFor } from "../payments/provider-for.ts";
import { payoutRunServices } from "../payouts/destinations.ts";
import { hostedPayoutWebhookSecret } from "../payouts/hosted/hosted-payout-provider.ts";
import { deliverHostedPayoutWebhook } from "../payouts/hosted/hosted-payouts.ts";
import { runWeeklyPayouts } from "../payouts/payout-run.ts";
import { PAYOUT_CRON } from "../payouts/payout-schedule.ts";
import { renderFilePreviews } from "../previews/file-previews.ts";
import { pruneSearchLog } from "../search/search-log.ts";
import { fileStoreFor } from "../storage/file-store.ts";
import { attemptDelivery } from "../webhooks/deliveries.ts";
import { webhookSender } from "../webhooks/send.ts";
import { QUEUES, type QueueName, type RunningJobs } from "./queue.ts";

/**
 * Jobs of a queue that one server runs at once; a queue not named here runs one at a time (the
 * scheduled ones: a run must not overlap the next). Webhook deliveries and mail wait mostly on the
 * network, so many run together; each holds a connection of the app's pool (10) only for its short
 * queries, and a delivery's webhook request takes one on the receiving server. Deliveries decide how
 * soon a paid order is paid: in a burst they share the server with the payments still coming in, and
 * 32 kept `npm run bench`'s p99 from payment to paid order under 3 s where 16 gave 3.4 to 4.3 s.
 */
export const JOB_CONCURRENCY: Partial<Record<QueueName, number>> = {
  [QUEUES.deliverHostedWebhook]: 32,
  [QUEUES.sendReceipt]: 8,
  [QUEUES.sendEmail]: 8,
  [QUEUES.deliverSellerWebhook]: 8,
};

/** What this server does in the background: receipts, the hosted payment page's webhooks and expiries, and tidying guests. */
export async function startWorkers(options: {
  jobs: RunningJobs;
  db: Database;
  config: Config;
  secret: string;
  logger: Logger;
  /** Other concurrencies than JOB_CONCURRENCY's (the bench compares them). */
  concurrency?: Partial<Record<QueueName, number>>;
  /** A demo shop's daily restore (server/demo/demo-shop.ts), given by whoever loaded server/demo/. */
  restoreDemoShop?: (db: Database) => Promise<void>;
}): Promise<void> {
  const { jobs, db, config, secret, logger, restoreDemoShop } = options;
  if (config.shopMode === "demo" && !restoreDemoShop) {
    throw new Error("A demo shop's workers restore it every day: give them restoreDemoShop (server/demo/demo-shop.ts)");
  }
  const at = (name: QueueName) => ({ concurrency: options.concurrency?.[name] ?? JOB_CONCURRENCY[name] ?? 1 });
  const mailer = mailerFor(config, (message) => logger.info(message));
  await jobs.work(QUEUES.sendEmail, (email) => mailer.send(email), at(QUEUES.sendEmail));
  await jobs.work(QUEUES.reportUndeliveredEmail, async (undelivered) => {
    await reportUndeliveredEmail(db, undelivered);
    logger.error("An email could not be delivered for a day: the admins' inbox says which");
  });
  await jobs.work(
    QUEUES.sendReceipt,
    async ({ orderId }) => {
      await sendReceipt(
        {
          db,
          mailer,
          publicUrl: config.publicUrl,
          shopName: config.shopName,
          secret,
          supplier: invoiceSupplierOf(config),
        },
        orderId,
      );
    },
    at(QUEUES.sendReceipt),
  );
  await jobs.work(QUEUES.sendProductUpdateEmails, async (update) => {
    const { sent } = await sendProductUpdateEmails(
      { db, mailer, publicUrl: config.publicUrl, shopName: config.shopName, secret },
      update,
    );
    if (sent) logger.info(`Emailed ${sent} buyers about version ${update.version} of file ${update.fileId}`);
  });
  // Audience emails: followers of a creator who published, and carts left for a day.
  const audience = { db, mailer, publicUrl: config.publicUrl, shopName: config.shopName, secret };
  await jobs.work(QUEUES.notifyFollowers, async ({ productId }) => {
    const { sent } = await notifyFollowers(audience, { productId });
    if (sent) logger.info(`Emailed ${sent} followers about product ${productId}`);
  });
  await jobs.work(QUEUES.sendCartReminders, async () => {
    const { sent } = await sendCartReminders(audience);
    if (sent) logger.info(`Sent ${sent} cart reminders`);
  });
  await jobs.work(QUEUES.sendBroadcast, async ({ broadcastId }) => {
    const { sent } = await sendBroadcast(
      { db, mailer, publicUrl: config.publicUrl, shopName: config.shopName, secret },
      broadcastId,
    );
    logger.info(`Broadcast ${broadcastId}: sent to ${sent} more recipients`);
  });
  await jobs.work(QUEUES.sendDueBroadcasts, async () => {
    const queued = await queueDueBroadcasts(db, jobs);
    if (queued) logger.info(`Queued ${queued} scheduled broadcasts`);
  });
  const webhookSecret = hostedWebhookSecret(secret);
  await jobs.work(
    QUEUES.deliverHostedWebhook,
    async ({ eventId }) => {
      await deliverHostedWebhook(db, webhookSecret, eventId);
    },
    at(QUEUES.deliverHostedWebhook),
  );
  // The payout stand-in's events (sellers' accounts, transfers), to the shop's Connect webhook.
  const payoutWebhookSecret = hostedPayoutWebhookSecret(secret);
  await jobs.work(QUEUES.deliverHostedPayoutWebhook, async ({ eventId }) => {
    await deliverHostedPayoutWebhook(db, payoutWebhookSecret, eventId);
  });
  // Sellers' webhooks: a failed attempt is tried again at the time it asks for (server/webhooks).
  // The sender refuses private addresses; nothing a live shop reads turns that off.
  const sendSellerWebhook = webhookSender();
  await jobs.work(
    QUEUES.deliverSellerWebhook,
    async ({ deliveryId }) => {
      const { retryAt } = await attemptDelivery(db, { send: sendSellerWebhook, deliveryId });
      if (retryAt) await jobs.sendLater(QUEUES.deliverSellerWebhook, { deliveryId }, retryAt);
    },
    at(QUEUES.deliverSellerWebhook),
  );
  const refundServices = {
    db,
    jobs,
    payments: paymentProviderFor(config, db, secret),
    shopName: config.shopName,
    publicUrl: config.publicUrl,
    secret,
    invoiceSupplier: invoiceSupplierOf(config),
  };
  await jobs.work(QUEUES.refundUnappliedUpgrade, async ({ orderItemId }) => {
    if ((await refundUnappliedUpgrade(refundServices, orderItemId)) === "refunded") {
      logger.info(`Refunded the upgrade item ${orderItemId}: its license had changed since it was priced`);
    }
  });
  // Business buyers' VAT numbers VIES could not check at the checkout (docs/decisions/058).
  const vatRecheckServices = { ...refundServices, vies: config.vies, tax: config.tax };
  await jobs.work(QUEUES.recheckVatNumbers, async () => {
    const counts = await recheckUncheckedVatNumbers(vatRecheckServices, {
      onError: (orderId, error) => logger.error({ err: error, orderId }, "Checking a VAT number again failed"),
    });
    if (counts.refunded + counts["not-registered"] + counts.confirmed > 0) {
      logger.info(
        `VAT numbers checked again: ${counts.refunded} refunded, ${counts.confirmed} confirmed, ${counts["not-registered"]} not registered, ${counts.unchecked} still unchecked`,
      );
    }
  });
  // Orders paid before invoices existed get theirs, without an email (docs/decisions/061).
  await jobs.work(QUEUES.backfillInvoices, async () => {
    const issued = await backfillInvoices(db, { supplier: invoiceSupplierOf(config) });
    if (issued.invoices + issued.creditNotes > 0) {
      logger.info(
        `Issued ${issued.invoices} invoices and ${issued.creditNotes} credit notes of orders paid before invoices existed`,
      );
    }
  });
  await jobs.work(QUEUES.expireHostedSessions, async () => {
    const expired = await expireHostedSessions(db, jobs);
    if (expired) logger.info(`Expired ${expired} hosted payment sessions`);
  });
  await jobs.work(QUEUES.expireUnpaidOrders, async () => {
    const expired = await expireUnpaidOrders(db);
    if (expired) logger.info(`Expired ${expired} unpaid orders`);
  });
  await jobs.work(QUEUES.removeIdleGuests, async () => {
    const removed = await removeIdleGuests(db);
    if (removed) logger.info(`Removed ${removed} idle guest carts`);
  });
  await jobs.work(QUEUES.runPayouts, async () => {
    const run = await runWeeklyPayouts(payoutRunServices({ db, jobs, config, secret }), { now: new Date() });
    logger.info(
      `Payout run for ${run.friday ?? "a day that is not Friday"}: ${run.taken.length} payouts taken, ${run.sent.length} transfers sent, ${run.refused.length} refused`,
    );
  });
  await jobs.work(QUEUES.liftEndedSuspensions, async () => {
    const lifted = await liftEndedSuspensions({ db, jobs, shopName: config.shopName, publicUrl: config.publicUrl });
    if (lifted) logger.info(`Lifted ${lifted} ended shop suspensions`);
  });
  await jobs.work(QUEUES.refreshTrending, async () => {
    const trending = await refreshTrendingScores(db);
    logger.info(`Trending scores refreshed: ${trending} products trending`);
  });
  await jobs.work(QUEUES.pruneSearchLog, async () => {
    const pruned = await pruneSearchLog(db);
    if (pruned.searches + pruned.clicks > 0) {
      logger.info(`Search log: removed ${pruned.searches} searches and ${pruned.clicks} clicks past 90 days`);
    }
  });
  // One file's pages at a time per server: drawing them is CPU work in a thread of its own (decision 032).
  const files = fileStoreFor(config);
  await jobs.work(QUEUES.renderFilePreviews, async ({ fileId }) => {
    const outcome = await renderFilePreviews(db, { files, fileId });
    if (outcome.done === "rendered") {
      logger.info(`Previews of file ${fileId} (version ${outcome.version}): ${outcome.pages} pages`);
    } else if (outcome.done === "unreadable") {
      logger.warn(`No previews of file ${fileId} (version ${outcome.version}): ${outcome.reason}`);
    }
  });
  // The day's exchange rates (docs/decisions/059). A broken file may be whole on a later try (the
  // queue retries for 4 to 5 hours); a stale one stays so until the next day's.
  await jobs.work(QUEUES.updateExchangeRates, async () => {
    await runRatesJob(db, {
      feed: config.currencies.ratesFeed,
      sold: config.currencies.sold,
      log: (level, message) => logger[level](message),
    });
  });
  await jobs.schedule(QUEUES.runPayouts, PAYOUT_CRON);
  await jobs.schedule(QUEUES.expireHostedSessions, "*/10 * * * *");
  await jobs.schedule(QUEUES.expireUnpaidOrders, "*/10 * * * *");
  await jobs.schedule(QUEUES.removeIdleGuests, "17 4 * * *");
  await jobs.schedule(QUEUES.liftEndedSuspensions, "*/15 * * * *");
  await jobs.schedule(QUEUES.refreshTrending, "7 * * * *");
  await jobs.schedule(QUEUES.pruneSearchLog, "29 4 * * *");
  await jobs.schedule(QUEUES.sendDueBroadcasts, "* * * * *");
  await jobs.schedule(QUEUES.sendCartReminders, "23 * * * *");
  await jobs.schedule(QUEUES.recheckVatNumbers, "37 * * * *");
  // At night: its first run, after the release, may issue thousands; later ones find nothing to do.
  await jobs.schedule(QUEUES.backfillInvoices, "11 3 * * *");
  // The ECB publishes at about 16:00 CET on working days: read at 15:41 UTC (16:41 CET, 17:41 CEST)
  // and again at 21:41 should it have been late; at once when the shop holds no recent rates.
  await jobs.schedule(QUEUES.updateExchangeRates, "41 15,21 * * *");
  if (await ratesDueAtStart(db, new Date())) await jobs.send(QUEUES.updateExchangeRates, null);
  await jobs.work(QUEUES.restoreDemoShop, async () => {
    // Never in a live shop, even if a schedule of its demo days is still due.
    if (config.shopMode !== "demo" || !restoreDemoShop) return;
    await restoreDemoShop(db);
    logger.info("Restored the demo shop: sample products and demo accounts");
  });
  if (config.shopMode === "demo") await jobs.schedule(QUEUES.restoreDemoShop, "43 3 * * *");
  else await jobs.boss.unschedule(QUEUES.restoreDemoShop);
}
