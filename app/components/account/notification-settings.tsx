import { EMAIL_TOPIC_CHOICES, type EmailTopicName } from "@shared/email-topics.ts";
import { Form, Link } from "react-router";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { FormStatus } from "./form-status";
import { outcomeOf, type SectionAnswer } from "./section-answer";

/** Settings: the emails a person may turn off (the same choices as the emails' unsubscribe links). */
export function NotificationSettings({
  emails,
  answer,
  saving,
}: {
  emails: { topics: Record<EmailTopicName, boolean>; suppressed: boolean };
  answer: SectionAnswer | undefined;
  saving: boolean;
}) {
  // Keyed by the saved choices: the boxes show what is stored once the page is loaded again.
  const saved = EMAIL_TOPIC_CHOICES.map(({ topic }) => (emails.topics[topic] ? "1" : "0")).join("");
  return (
    <Card className="mt-6 p-6">
      <h2 className="text-xl font-semibold">Email notifications</h2>
      <Form method="post" className="mt-4 grid gap-4" key={saved}>
        <FormStatus result={outcomeOf(answer)} />
        {emails.suppressed ? (
          <p className="rounded-md border border-border bg-muted p-3 text-sm" role="status">
            Emails to your address could not be delivered, or were reported as unwanted, so we send you none of these
            whatever is ticked. Write to us from the contact page to receive them again.
          </p>
        ) : null}
        <fieldset className="grid gap-3">
          <legend className="sr-only">Emails you get</legend>
          {EMAIL_TOPIC_CHOICES.map((choice) => (
            <div key={choice.topic} className="flex items-start gap-3">
              <input
                id={`setting-${choice.topic}`}
                type="checkbox"
                name={choice.topic}
                defaultChecked={emails.topics[choice.topic]}
                className="mt-1 size-4 shrink-0 accent-primary"
              />
              <label htmlFor={`setting-${choice.topic}`} className="text-sm">
                {choice.label}
              </label>
            </div>
          ))}
        </fieldset>
        <p className="text-sm text-muted-foreground">
          Which creators' new products you hear about is chosen per creator on your{" "}
          <Link to="/account/following" className="underline hover:text-primary">
            Following page
          </Link>
          .
        </p>
        <Button
          type="submit"
          name="intent"
          value="email-topics"
          variant="outline"
          className="justify-self-start"
          disabled={saving}
        >
          Save email preferences
        </Button>
      </Form>
    </Card>
  );
}
