import { formatDateTimeUtc } from "@shared/format.ts";
import { PostButton } from "~/components/admin/post-button";
import { ScrollTable } from "~/components/content/scroll-table";
import { Badge } from "~/components/ui/badge";

/** A broadcast as the list shows it (times as ISO strings). */
export interface BroadcastRow {
  id: number;
  subject: string;
  audience: "followers" | "customers";
  status: "draft" | "scheduled" | "sending" | "sent" | "cancelled";
  sendAt: string | null;
  sentAt: string | null;
  recipientCount: number;
}

const STATUS = {
  draft: { label: "Draft", variant: "neutral" },
  scheduled: { label: "Scheduled", variant: "default" },
  sending: { label: "Sending", variant: "default" },
  sent: { label: "Sent", variant: "success" },
  cancelled: { label: "Cancelled", variant: "neutral" },
} as const;

const AUDIENCE = { followers: "Followers", customers: "Customers" } as const;

const COLUMNS = [
  { label: "Subject" },
  { label: "To" },
  { label: "Status" },
  { label: "Recipients", align: "right" },
  { label: "Date" },
  { label: "Actions" },
] as const;

/** The seller's broadcasts, newest first: a scheduled one can be cancelled. */
export function BroadcastList({ broadcasts }: { broadcasts: BroadcastRow[] }) {
  if (broadcasts.length === 0) {
    return <p className="mt-3 text-muted-foreground">No broadcasts yet.</p>;
  }
  return (
    <div className="mt-4">
      <ScrollTable
        label="Your broadcasts"
        caption="Your broadcasts, newest first"
        columns={COLUMNS}
        className="min-w-[44rem] text-sm"
      >
        {broadcasts.map((broadcast) => {
          const status = STATUS[broadcast.status];
          const when = broadcast.sentAt ?? broadcast.sendAt;
          return (
            <tr key={broadcast.id}>
              <td className="px-4 py-2 wrap-anywhere">{broadcast.subject}</td>
              <td className="px-4 py-2">{AUDIENCE[broadcast.audience]}</td>
              <td className="px-4 py-2">
                <Badge variant={status.variant}>{status.label}</Badge>
              </td>
              <td className="px-4 py-2 text-right">{broadcast.status === "sent" ? broadcast.recipientCount : "—"}</td>
              <td className="px-4 py-2 whitespace-nowrap">{when ? formatDateTimeUtc(when) : "—"}</td>
              <td className="px-4 py-2">
                {broadcast.status === "scheduled" ? (
                  <PostButton
                    idField={{ name: "broadcastId", value: broadcast.id }}
                    intent="cancel"
                    variant="outline"
                    size="sm"
                    aria-label={`Cancel “${broadcast.subject}”`}
                  >
                    Cancel
                  </PostButton>
                ) : null}
              </td>
            </tr>
          );
        })}
      </ScrollTable>
    </div>
  );
}
