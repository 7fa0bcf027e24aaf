import { getFormProps } from "@conform-to/react";
import { getCurrentUser } from "@server/accounts/current-user.ts";
import { submitContactMessage } from "@server/contact/submit-contact-message.ts";
import { servicesContext } from "@server/http/context.ts";
import { contactSchema } from "@shared/contact-schema.ts";
import { CheckCircle2, Clock, Mail, MessageCircle } from "lucide-react";
import { useEffect } from "react";
import { data, Form, useNavigation } from "react-router";
import { FormStatus } from "~/components/account/form-status";
import { InputField, replyOf, TextareaField, useSchemaForm } from "~/components/forms/form-field";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Container, PageHeader } from "~/components/ui/page";
import { parseSubmission, readForm } from "~/lib/form.server";
import { pageMeta } from "~/lib/meta";
import { formAction, pageLoader } from "~/lib/refusal.server";
import { toast } from "~/lib/toast";
import type { Route } from "./+types/contact";

export const loader = pageLoader(async ({ request, context }: Route.LoaderArgs) => {
  const { auth, supportEmail, supportHours, liveChatUrl, shopMode } = context.get(servicesContext);
  // Other pages may suggest a subject, e.g. /contact?subject=Seller%20application
  const subject = new URL(request.url).searchParams.get("subject")?.slice(0, 150) ?? "";
  // A signed-in user writes as themselves: their name and email are filled in (and can be changed).
  const user = await getCurrentUser(auth, request.headers);
  return {
    subject,
    supportEmail,
    supportHours,
    // A live chat at its configured address; the demo shop says one is coming (the contact page lists it);
    // a live shop without one promises none.
    liveChat: liveChatUrl ? { url: liveChatUrl } : shopMode === "demo" ? ("soon" as const) : null,
    writer: { name: user?.name ?? "", email: user?.email ?? "" },
  };
});

export const action = formAction(async ({ request, context }: Route.ActionArgs) => {
  const { db } = context.get(servicesContext);
  const submission = parseSubmission(await readForm(request), contactSchema);
  if (submission.status !== "success") return data({ result: submission.reply(), sent: false }, { status: 400 });
  await submitContactMessage(db, submission.value);
  return { result: submission.reply({ resetForm: true }), sent: true };
});

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, "Contact Us", "Questions about an order, a download or selling? Send us a message.");

export default function ContactPage({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const sending = navigation.state === "submitting";
  // A form the shop could not read at all comes back as a refusal with a message.
  const refused = actionData && "message" in actionData ? actionData : null;
  const sent = Boolean(actionData && "sent" in actionData && actionData.sent);
  const [form, fields] = useSchemaForm(contactSchema, {
    lastResult: replyOf(actionData),
    defaultValue: { ...loaderData.writer, subject: loaderData.subject },
  });

  useEffect(() => {
    if (sent) toast.success("Message sent", { description: "Thank you! We'll reply within 24 hours." });
  }, [sent]);

  return (
    <>
      <PageHeader
        title="Contact Us"
        lead="Questions about an order, a download or selling with us? We're here to help."
      />
      <Container className="grid gap-10 py-10 lg:grid-cols-3">
        <Card className="p-6 lg:col-span-2">
          <h2 className="text-xl font-semibold">Send us a message</h2>
          <FormStatus result={refused ?? undefined} />
          {sent ? (
            <p role="status" className="mt-4 flex items-center gap-2 rounded-md bg-emerald-50 p-3 text-sm text-success">
              <CheckCircle2 aria-hidden="true" className="size-4" /> Your message was sent. We'll reply by email within
              24 hours.
            </p>
          ) : null}
          <Form method="post" {...getFormProps(form)} className="mt-6 grid gap-5 sm:grid-cols-2">
            <InputField field={fields.name} label="Name" autoComplete="name" />
            <InputField field={fields.email} label="Email" type="email" autoComplete="email" />
            <InputField field={fields.subject} label="Subject" className="sm:col-span-2" />
            <TextareaField field={fields.message} label="Message" className="sm:col-span-2" rows={6} />
            <div className="sm:col-span-2">
              <Button type="submit" disabled={sending}>
                {sending ? "Sending..." : "Send Message"}
              </Button>
            </div>
          </Form>
        </Card>
        <div className="flex flex-col gap-6">
          <Card className="p-6">
            <h2 className="flex items-center gap-2 font-semibold">
              <Mail aria-hidden="true" className="size-5 text-primary" /> Email support
            </h2>
            <p className="mt-2 text-sm text-muted-foreground">
              Write to{" "}
              <a
                href={`mailto:${loaderData.supportEmail}`}
                className="font-medium text-primary underline-offset-4 wrap-anywhere hover:underline"
              >
                {loaderData.supportEmail}
              </a>{" "}
              or use the form: we answer by email, usually within a business day.
            </p>
          </Card>
          {loaderData.liveChat ? (
            <Card className="p-6">
              <h2 className="flex items-center gap-2 font-semibold">
                <MessageCircle aria-hidden="true" className="size-5 text-primary" /> Live chat
              </h2>
              {loaderData.liveChat === "soon" ? (
                <p className="mt-2 text-sm text-muted-foreground">
                  Live chat with our team is opening soon, during the support hours below. Until then, the form reaches
                  the same people.
                </p>
              ) : (
                <p className="mt-2 text-sm text-muted-foreground">
                  Chat with our team{loaderData.supportHours.length > 0 ? " during the support hours below" : ""}:{" "}
                  <a
                    href={loaderData.liveChat.url}
                    className="font-medium text-primary underline-offset-4 hover:underline"
                    rel="noopener"
                  >
                    start a live chat
                  </a>
                  .
                </p>
              )}
            </Card>
          ) : null}
          {loaderData.supportHours.length > 0 ? (
            <Card className="p-6">
              <h2 className="flex items-center gap-2 font-semibold">
                <Clock aria-hidden="true" className="size-5 text-primary" /> Support hours
              </h2>
              <ul className="mt-2 space-y-1 text-sm">
                {loaderData.supportHours.map((hours) => (
                  <li key={hours}>{hours}</li>
                ))}
              </ul>
            </Card>
          ) : null}
        </div>
      </Container>
    </>
  );
}
