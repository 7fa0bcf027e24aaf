import type { Database } from "../../server/db/client.ts";
import type { DestinationChangeServices } from "../../server/payouts/destination-changes.ts";
import { payoutRunServices } from "../../server/payouts/destinations.ts";
import { runWeeklyPayouts } from "../../server/payouts/payout-run.ts";
import { recordingJobs } from "./orders.ts";

/** The Friday run of a shop whose owner pays sellers from the payout file (the manual rail), at `now`. */
export function runManualPayouts(db: Database, now: Date) {
  return runWeeklyPayouts(
    payoutRunServices({
      db,
      jobs: recordingJobs(),
      config: {
        payouts: { rail: "manual", holdDays: 0, accountChangePauseHours: 48 },
        payments: { provider: "hosted" },
        publicUrl: "http://shop.test",
      },
      secret: "a-test-secret-of-at-least-32-characters!",
    }),
    { now },
  );
}

/** What noting a payout destination needs, as a test shop has it: its emails land in `jobs`. */
export function testDestinationServices(jobs = recordingJobs()): DestinationChangeServices {
  return { jobs, shopName: "Test Market", publicUrl: "http://shop.test", pauseHours: 48 };
}
