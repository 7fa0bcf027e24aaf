import type { Logger } from "pino";
import { removeIdleGuests } from "../cart/shopper.ts";
import type { Config } from "../config/env.ts";
import type { Database } from "../db/client.ts";
import { mailerFor, type OutgoingEmail } from "../email/mailer.ts";
import { liftEndedSuspensions } from "../moderation/lift-ended-suspensions.ts";
import { sendReceipt } from "../orders/send-receipt.ts";
import { deliverHostedWebhook, expireHostedSessions } from "../payments/hosted/hosted-payments.ts";
import { hostedWebhookSecret } from "../payments/hosted/hosted-provider.ts";
import { PAYOUT_CRON } from "../payouts/payout-schedule.ts";
import { runWeeklyPayouts } from "../payouts/payouts.ts";
import { QUEUES, type RunningJobs } from "./queue.ts";

/** What this server does in the background: receipts, the hosted payment page's webhooks and expiries, and tidying guests. */
export async function startWorkers(options: {
  jobs: RunningJobs;
  db: Database;
  config: Config;
  secret: string;
  logger: Logger;
}): Promise<void> {
  const { jobs, db, config, secret, logger } = options;
  const mailer = mailerFor(config, (message) => logger.info(message));
  await jobs.work<OutgoingEmail>(QUEUES.sendEmail, (email) => mailer.send(email));
  await jobs.work<{ orderId: number }>(QUEUES.sendReceipt, async ({ orderId }) => {
    await sendReceipt({ db, mailer, publicUrl: config.publicUrl, shopName: config.shopName, secret }, orderId);
  });
  const webhookSecret = hostedWebhookSecret(secret);
  await jobs.work<{ eventId: string }>(QUEUES.deliverHostedWebhook, async ({ eventId }) => {
    await deliverHostedWebhook(db, webhookSecret, eventId);
  });
  await jobs.work(QUEUES.expireHostedSessions, async () => {
    const expired = await expireHostedSessions(db, jobs);
    if (expired) logger.info(`Expired ${expired} hosted payment sessions`);
  });
  await jobs.work(QUEUES.removeIdleGuests, async () => {
    const removed = await removeIdleGuests(db);
    if (removed) logger.info(`Removed ${removed} idle guest carts`);
  });
  await jobs.work(QUEUES.runPayouts, async () => {
    const run = await runWeeklyPayouts(db);
    logger.info(`Payout run for ${run.friday ?? "a day that is not Friday"}: ${run.paid.length} sellers paid`);
  });
  await jobs.work(QUEUES.liftEndedSuspensions, async () => {
    const lifted = await liftEndedSuspensions({ db, jobs, shopName: config.shopName, publicUrl: config.publicUrl });
    if (lifted) logger.info(`Lifted ${lifted} ended shop suspensions`);
  });
  await jobs.schedule(QUEUES.runPayouts, PAYOUT_CRON);
  await jobs.schedule(QUEUES.expireHostedSessions, "*/10 * * * *");
  await jobs.schedule(QUEUES.removeIdleGuests, "17 4 * * *");
  await jobs.schedule(QUEUES.liftEndedSuspensions, "*/15 * * * *");
}
