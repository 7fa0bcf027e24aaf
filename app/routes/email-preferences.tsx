import {
  emailChoices,
  readPreferencesToken,
  setEmailChoices,
  setWantsEmails,
  topicsFromForm,
} from "@server/email/email-preferences.ts";
import { servicesContext } from "@server/http/context.ts";
import { EMAIL_TOPIC_CHOICES, topicNoun } from "@shared/email-topics.ts";
import { data, Form, Link, useNavigation } from "react-router";
import { z } from "zod";
import { FormStatus } from "~/components/account/form-status";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Container } from "~/components/ui/page";
import { parseIntent, readForm } from "~/lib/form.server";
import { pageMeta } from "~/lib/meta";
import { formAction, pageLoader, refusalResponse } from "~/lib/refusal.server";
import type { Route } from "./+types/email-preferences";

// The unsubscribe link of every email a person may turn off (?token=, server/email/email-preferences.ts):
// anyone holding the link, signed in or not (buyers may be guests), turns that email's topic off or
// on for its address, and sees and saves every topic of the address. A mail client's one-click
// unsubscribe (RFC 8058) posts `List-Unsubscribe=One-Click` to the same address from its own
// servers, with no Origin and no cookie: that turns the link's topic off at once (the same-origin
// guard and the form rate limit let this address through: its signature is its guard).

const intentSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.enum(["unsubscribe", "resubscribe"]) }),
  z.object({ intent: z.literal("save") }),
]);

function tokenOf(request: Request) {
  return new URL(request.url).searchParams.get("token");
}

export const loader = pageLoader(async ({ request, context }: Route.LoaderArgs) => {
  const { db, secret } = context.get(servicesContext);
  try {
    const token = tokenOf(request);
    const { email, topic } = readPreferencesToken(secret, token);
    const { topics, suppressed } = await emailChoices(db, email);
    return { link: { email, token: token!, topic, topics, suppressed }, message: null };
  } catch (error) {
    const answer = refusalResponse(error);
    return data({ link: null, message: answer.data.message }, answer.init ?? undefined);
  }
});

export const action = formAction(async ({ request, context }: Route.ActionArgs) => {
  const { db, secret } = context.get(servicesContext);
  const { email, topic } = readPreferencesToken(secret, tokenOf(request));
  const form = await readForm(request);
  if (form.get("List-Unsubscribe") === "One-Click") {
    await setWantsEmails(db, email, topic, false);
    return { ok: true as const, message: `${email} no longer gets ${topicNoun(topic)} emails.` };
  }
  const { intent } = parseIntent(form, intentSchema);
  if (intent === "save") {
    await setEmailChoices(db, email, topicsFromForm(Object.fromEntries(form)));
    return { ok: true as const, message: `The email preferences of ${email} were saved.` };
  }
  const wanted = intent === "resubscribe";
  await setWantsEmails(db, email, topic, wanted);
  return {
    ok: true as const,
    message: wanted
      ? `${email} gets ${topicNoun(topic)} emails again.`
      : `${email} no longer gets ${topicNoun(topic)} emails.`,
  };
});

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta(matches, "Email preferences"),
  { name: "robots", content: "noindex" },
  // The address holds the link's secret: never send it to another site.
  { name: "referrer", content: "no-referrer" },
];

export default function EmailPreferencesPage({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const { link } = loaderData;
  if (!link) {
    return (
      <Container className="max-w-lg py-16">
        <h1 className="text-3xl font-bold">Email preferences</h1>
        <p className="mt-3 text-muted-foreground" role="alert">
          {loaderData.message}
        </p>
        <div className="mt-8 flex flex-wrap gap-3">
          <Button asChild>
            <Link to="/account/settings">Go to Settings</Link>
          </Button>
          <Button asChild variant="outline">
            <Link to="/">Go to Homepage</Link>
          </Button>
        </div>
      </Container>
    );
  }
  const action = `/email-preferences?token=${encodeURIComponent(link.token)}`;
  const noun = topicNoun(link.topic);
  const subscribed = link.topics[link.topic];
  // Keyed by the saved choices: after a save or a one-topic change, the boxes show what is stored.
  const saved = EMAIL_TOPIC_CHOICES.map(({ topic }) => (link.topics[topic] ? "1" : "0")).join("");
  return (
    <Container className="max-w-lg py-16">
      <h1 className="text-3xl font-bold">Email preferences</h1>
      <p className="mt-3 text-muted-foreground">
        Emails to <strong className="wrap-anywhere text-foreground">{link.email}</strong>
      </p>
      <div className="mt-6">
        <FormStatus result={actionData} />
      </div>
      {link.suppressed ? (
        <p className="mt-4 rounded-md border border-border bg-muted p-4 text-sm" role="status">
          Emails to this address could not be delivered, or were reported as unwanted, so we send it none of these
          emails whatever is ticked below. To receive them again, write to us from the contact page.
        </p>
      ) : null}
      <Card className="mt-6 flex flex-col gap-4 p-6">
        <h2 className="text-lg font-semibold">{`${noun[0]!.toUpperCase()}${noun.slice(1)} emails`}</h2>
        <p className="text-sm text-muted-foreground">
          {subscribed
            ? `On: you get ${noun} emails, like the one this link came with.`
            : `Off: you no longer get ${noun} emails.`}
        </p>
        <Form method="post" action={action}>
          <Button
            type="submit"
            name="intent"
            value={subscribed ? "unsubscribe" : "resubscribe"}
            variant={subscribed ? "primary" : "outline"}
            disabled={busy}
          >
            {subscribed ? `Turn off ${noun} emails` : `Turn ${noun} emails back on`}
          </Button>
        </Form>
      </Card>
      <Card className="mt-6 p-6">
        <h2 className="text-lg font-semibold">All emails to this address</h2>
        <Form method="post" action={action} className="mt-4 grid gap-4" key={saved}>
          <fieldset className="grid gap-3">
            <legend className="sr-only">The emails this address gets</legend>
            {EMAIL_TOPIC_CHOICES.map((choice) => (
              <div key={choice.topic} className="flex items-start gap-3">
                <input
                  id={`topic-${choice.topic}`}
                  type="checkbox"
                  name={choice.topic}
                  defaultChecked={link.topics[choice.topic]}
                  className="mt-1 size-4 shrink-0 accent-primary"
                />
                <label htmlFor={`topic-${choice.topic}`} className="text-sm">
                  {choice.label}
                </label>
              </div>
            ))}
          </fieldset>
          <Button
            type="submit"
            name="intent"
            value="save"
            variant="outline"
            className="justify-self-start"
            disabled={busy}
          >
            Save email preferences
          </Button>
        </Form>
        <p className="mt-4 text-sm text-muted-foreground">
          Receipts and messages about your orders and account are always sent.
        </p>
      </Card>
    </Container>
  );
}
