import type { Logger } from "pino";
import type { Config } from "../config/env.ts";
import type { Database } from "../db/client.ts";
import { mailerFor } from "../email/mailer.ts";
import { sendReceipt } from "../orders/send-receipt.ts";
import { deliverHostedWebhook } from "../payments/hosted/hosted-payments.ts";
import { hostedWebhookSecret } from "../payments/hosted/hosted-provider.ts";
import { QUEUES, type RunningJobs } from "./queue.ts";

/** What this server does in the background: receipts, and the hosted payment page's webhooks. */
export async function startWorkers(options: {
  jobs: RunningJobs;
  db: Database;
  config: Config;
  secret: string;
  logger: Logger;
}): Promise<void> {
  const { jobs, db, config, secret, logger } = options;
  const mailer = mailerFor(config, (message) => logger.info(message));
  await jobs.work<{ orderId: number }>(QUEUES.sendReceipt, async ({ orderId }) => {
    await sendReceipt({ db, mailer, publicUrl: config.publicUrl, shopName: config.shopName, secret }, orderId);
  });
  const webhookSecret = hostedWebhookSecret(secret);
  await jobs.work<{ eventId: string }>(QUEUES.deliverHostedWebhook, async ({ eventId }) => {
    await deliverHostedWebhook(db, webhookSecret, eventId);
  });
}
