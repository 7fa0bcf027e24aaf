import { type JobQueue, QUEUES } from "../jobs/queue.ts";
import type { Mailer } from "./mailer.ts";

/**
 * A mailer for requests: it queues each email (the send-email job, retried with backoff for a day,
 * server/jobs/queue.ts) instead of talking to the mail server, so that no request fails or waits
 * because mail is down.
 */
export function queuedMailer(jobs: JobQueue): Mailer {
  return {
    async send(email) {
      await jobs.send(QUEUES.sendEmail, email);
    },
  };
}
