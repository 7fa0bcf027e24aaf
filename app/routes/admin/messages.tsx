import { listContactMessages, markMessageHandled, messageListQuery } from "@server/admin/contact-messages.ts";
import { servicesContext } from "@server/http/context.ts";
import { formatDateTimeUtc } from "@shared/format.ts";
import { recordIdField } from "@shared/record-id.ts";
import { Link } from "react-router";
import { z } from "zod";
import { AdminPage, adminMeta, CardList } from "~/components/admin/admin-page";
import { Pager } from "~/components/admin/pager";
import { PostButton } from "~/components/admin/post-button";
import { Button } from "~/components/ui/button";
import { parseForm, readForm } from "~/lib/form.server";
import { formAction, pageLoader } from "~/lib/refusal.server";
import { requireAdmin } from "~/lib/require-user.server";
import type { Route } from "./+types/messages";

export const loader = pageLoader(async ({ request, context }: Route.LoaderArgs) => {
  await requireAdmin(request, context);
  const query = messageListQuery(new URL(request.url).searchParams);
  const list = await listContactMessages(context.get(servicesContext).db, query);
  return {
    ...list,
    messages: list.messages.map((message) => ({
      ...message,
      createdAt: message.createdAt.toISOString(),
      handledAt: message.handledAt?.toISOString() ?? null,
    })),
  };
});

/** POST: mark one message handled. */
const handledSchema = z.object({ messageId: recordIdField("Choose the message.") });

export const action = formAction(async ({ request, context }: Route.ActionArgs) => {
  const admin = await requireAdmin(request, context);
  const { messageId } = parseForm(await readForm(request), handledSchema);
  await markMessageHandled(context.get(servicesContext).db, admin.id, messageId);
  return { ok: true as const, message: "Marked as handled." };
});

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, "Contact messages");

/** A reply in the admin's mail program, to the sender, on the same subject. */
function replyHref(email: string, subject: string) {
  return `mailto:${encodeURIComponent(email).replace(/%40/g, "@")}?subject=${encodeURIComponent(`Re: ${subject}`)}`;
}

const VIEWS = [
  { view: "open", label: "Open", to: "/admin/messages" },
  { view: "handled", label: "Handled", to: "/admin/messages?show=handled" },
] as const;

export default function MessagesPage({ loaderData, actionData }: Route.ComponentProps) {
  const { view, page, hasNext, messages } = loaderData;
  return (
    <AdminPage
      title="Contact messages"
      lead={
        view === "open"
          ? "Messages from the contact form waiting for an answer, oldest first."
          : "Messages already handled, the most recent first."
      }
      controls={
        <nav aria-label="Messages to show" className="mt-4 flex gap-2">
          {VIEWS.map((item) => (
            <Button key={item.view} asChild size="sm" variant={item.view === view ? "primary" : "outline"}>
              <Link to={item.to} aria-current={item.view === view ? "page" : undefined}>
                {item.label}
              </Link>
            </Button>
          ))}
        </nav>
      }
      result={actionData}
    >
      <CardList
        items={messages}
        itemKey={(message) => message.id}
        empty={page > 1 ? "There are no more messages." : view === "open" ? "No messages are waiting." : "None yet."}
        cardClassName={(message) => message.handledAt && "bg-muted/40"}
      >
        {(message) => (
          <>
            <div className="flex flex-wrap items-baseline justify-between gap-2">
              <h3 id={`message-${message.id}`} className="min-w-0 text-lg font-semibold wrap-anywhere">
                {message.subject}
              </h3>
              <span className="text-sm text-muted-foreground">{formatDateTimeUtc(message.createdAt)}</span>
            </div>
            <p className="text-sm wrap-anywhere">
              From {message.name} ·{" "}
              <a href={replyHref(message.email, message.subject)} className="underline">
                {message.email}
              </a>
            </p>
            <p className="text-sm whitespace-pre-wrap wrap-anywhere">{message.message}</p>
            {message.handledAt ? (
              <p className="text-sm text-muted-foreground">
                Handled {formatDateTimeUtc(message.handledAt)}
                {message.handledByName ? ` by ${message.handledByName}` : ""}
              </p>
            ) : (
              <div className="flex flex-wrap gap-3">
                <Button asChild variant="outline">
                  <a href={replyHref(message.email, message.subject)} aria-describedby={`message-${message.id}`}>
                    Reply by email
                  </a>
                </Button>
                <PostButton
                  idField={{ name: "messageId", value: message.id }}
                  aria-describedby={`message-${message.id}`}
                >
                  Mark as handled
                </PostButton>
              </div>
            )}
          </>
        )}
      </CardList>
      <Pager page={page} hasNext={hasNext} label="Message pages" />
    </AdminPage>
  );
}
