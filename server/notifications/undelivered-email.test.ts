import net, { type AddressInfo } from "node:net";
import os from "node:os";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { setUpTestDatabase } from "../../tests/support/test-database.ts";
import { contactMessages } from "../db/schema.ts";
import { createMailer } from "../email/mailer.ts";
import { QUEUES, type RunningJobs, startJobs } from "../jobs/queue.ts";
import { MAILER_NAME, reportUndeliveredEmail } from "./undelivered-email.ts";

// Mail down: an email stays queued and is retried with backoff for a day, then the admins are told.

const database = setUpTestDatabase();
let jobs: RunningJobs;
beforeEach(async () => {
  jobs = await startJobs(database.pool, () => {});
});
afterEach(async () => {
  await jobs.stop();
});

/** The port of an SMTP server that has stopped: nothing listens there any more. */
async function stoppedSmtpPort(): Promise<number> {
  const server = net.createServer().listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe("an email while the mail server is down", () => {
  it("is retried with backoff for at least a day, then handed to the undelivered report", async () => {
    for (const name of [QUEUES.sendEmail, QUEUES.sendReceipt]) {
      const queue = (await jobs.boss.getQueue(name))!;
      expect(queue.deadLetter).toBe(QUEUES.reportUndeliveredEmail);
      // pg-boss's backoff: the delay doubles from retryDelay, capped at retryDelayMax.
      let waited = 0;
      for (let attempt = 1; attempt <= queue.retryLimit!; attempt++) {
        waited += Math.min(queue.retryDelay! * 2 ** (attempt - 1), queue.retryDelayMax!);
      }
      expect(waited).toBeGreaterThanOrEqual(24 * 3600);
    }
  });

  it("reaches the admins' inbox once its attempts are spent, with its address and subject", async () => {
    // The same queue, with its day of attempts shortened to two quick ones.
    await jobs.boss.updateQueue(QUEUES.sendEmail, { retryLimit: 1, retryDelay: 0, retryBackoff: false });
    const mailer = createMailer({
      from: "shop@example.com",
      smtpUrl: `smtp://127.0.0.1:${await stoppedSmtpPort()}`,
      outboxDir: os.tmpdir(),
      log: () => {},
      shop: { name: "Test Market", url: "http://shop.test" },
    });
    let attempts = 0;
    await jobs.work(QUEUES.sendEmail, async (email) => {
      attempts++;
      await mailer.send(email);
    });
    await jobs.work(QUEUES.reportUndeliveredEmail, (undelivered) => reportUndeliveredEmail(database.db, undelivered));
    await jobs.send(QUEUES.sendEmail, {
      to: "ada@example.com",
      subject: "Reset your password",
      text: "The link.",
      html: "<p>The link.</p>",
    });

    await expect
      .poll(() => database.db.select().from(contactMessages), { timeout: 20_000, interval: 200 })
      .toEqual([
        expect.objectContaining({
          name: MAILER_NAME,
          email: "ada@example.com",
          subject: 'Undelivered email: "Reset your password"',
          handledAt: null,
        }),
      ]);
    expect(attempts).toBe(2);
  });
});
