import { readPreferencesToken, setWantsEmails, wantsEmails } from "@server/email/email-preferences.ts";
import { servicesContext } from "@server/http/context.ts";
import { parseIntent } from "@server/lib/form-fields.ts";
import { data, Form, Link, useNavigation } from "react-router";
import { z } from "zod";
import { FormStatus } from "~/components/account/form-status";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Container } from "~/components/ui/page";
import { readForm } from "~/lib/form.server";
import { pageMeta } from "~/lib/meta";
import { formAction, refusalResponse } from "~/lib/refusal.server";
import type { Route } from "./+types/email-preferences";

// The unsubscribe link of each product update email (?token=, server/email/email-preferences.ts):
// anyone holding the link, signed in or not (buyers may be guests), turns these emails off or on
// for its address. A mail client's one-click unsubscribe (RFC 8058) posts
// `List-Unsubscribe=One-Click` to the same address, without the page: that turns them off too.

const intentSchema = z.object({ intent: z.enum(["unsubscribe", "resubscribe"]) });

function tokenOf(request: Request) {
  return new URL(request.url).searchParams.get("token");
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db, secret } = context.get(servicesContext);
  try {
    const token = tokenOf(request);
    const { email, topic } = readPreferencesToken(secret, token);
    return { link: { email, token: token!, subscribed: await wantsEmails(db, email, topic) }, message: null };
  } catch (error) {
    const answer = refusalResponse(error);
    return data({ link: null, message: answer.data.message }, answer.init ?? undefined);
  }
}

export const action = formAction(async ({ request, context }: Route.ActionArgs) => {
  const { db, secret } = context.get(servicesContext);
  const { email, topic } = readPreferencesToken(secret, tokenOf(request));
  const form = await readForm(request);
  const oneClick = form.get("List-Unsubscribe") === "One-Click";
  const wanted = oneClick ? false : parseIntent(form, intentSchema).intent === "resubscribe";
  await setWantsEmails(db, email, topic, wanted);
  return {
    ok: true as const,
    message: wanted ? `${email} gets product update emails again.` : `${email} no longer gets product update emails.`,
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
  return (
    <Container className="max-w-lg py-16">
      <h1 className="text-3xl font-bold">Email preferences</h1>
      {link ? (
        <Card className="mt-6 flex flex-col gap-4 p-6">
          <FormStatus result={actionData} />
          <p>
            Emails to <strong className="wrap-anywhere">{link.email}</strong>
          </p>
          <h2 className="text-lg font-semibold">Product updates</h2>
          <p className="text-sm text-muted-foreground">
            {link.subscribed
              ? "On: we email you when a seller uploads a new version of a file you bought."
              : "Off: we do not email you about new versions of files you bought. They still show as Updated in your downloads."}
          </p>
          <Form method="post" action={`/email-preferences?token=${encodeURIComponent(link.token)}`}>
            <Button
              type="submit"
              name="intent"
              value={link.subscribed ? "unsubscribe" : "resubscribe"}
              variant={link.subscribed ? "primary" : "outline"}
              disabled={busy}
            >
              {link.subscribed ? "Turn off product update emails" : "Turn product update emails back on"}
            </Button>
          </Form>
          <p className="text-sm text-muted-foreground">
            Receipts and messages about your orders and account are always sent.
          </p>
        </Card>
      ) : (
        <>
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
        </>
      )}
    </Container>
  );
}
