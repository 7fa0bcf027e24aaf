import type { SessionSummary } from "@server/accounts/account-settings.ts";
import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { FormStatus } from "./form-status";
import { outcomeOf, type SectionAnswer } from "./section-answer";
import { SessionList } from "./session-list";

/** Settings: where the account is signed in, and signing out of every other session. */
export function SessionSettings({
  sessions,
  answer,
  saving,
}: {
  sessions: SessionSummary[];
  answer: SectionAnswer | undefined;
  saving: boolean;
}) {
  return (
    <Card className="mt-6 p-6">
      <h2 className="text-xl font-semibold">Where you're signed in</h2>
      <div className="mt-4 grid gap-4">
        <FormStatus result={outcomeOf(answer)} />
        <SessionList sessions={sessions} />
        {sessions.length > 1 ? (
          <Form method="post">
            <input type="hidden" name="intent" value="revoke-other-sessions" />
            <Button type="submit" variant="outline" disabled={saving}>
              Sign out of all other sessions
            </Button>
          </Form>
        ) : null}
      </div>
    </Card>
  );
}
