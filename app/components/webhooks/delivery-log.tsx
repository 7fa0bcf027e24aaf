import { formatDateTimeUtc } from "@shared/format.ts";
import { Form } from "react-router";
import { SubmitButton } from "~/components/admin/post-button";
import { ScrollTable } from "~/components/content/scroll-table";
import { Badge } from "~/components/ui/badge";

/** A delivery as the log shows it (server/webhooks/deliveries.ts deliveryLog, times as ISO). */
export interface DeliveryRow {
  id: number;
  eventId: string;
  eventType: string;
  status: "pending" | "succeeded" | "failed";
  attempts: number;
  nextAttemptAt: string | null;
  createdAt: string;
  tries: { statusCode: number | null; error: string | null; durationMs: number; createdAt: string }[];
}

const STATUS = {
  pending: { label: "Retrying", variant: "default" },
  succeeded: { label: "Delivered", variant: "success" },
  failed: { label: "Failed", variant: "sale" },
} as const;

function answerOf(attempt: DeliveryRow["tries"][number] | undefined) {
  if (!attempt) return "Not tried yet";
  return attempt.error ?? `HTTP ${attempt.statusCode}`;
}

/** An endpoint's latest deliveries, newest first: each event, where it stands, its attempts, and Redeliver. */
export function DeliveryLog({ deliveries }: { deliveries: DeliveryRow[] }) {
  if (deliveries.length === 0) {
    return <p className="mt-3 text-muted-foreground">No events yet. Send a test event from the Webhooks page.</p>;
  }
  return (
    <div className="mt-3">
      <ScrollTable
        label="Deliveries"
        caption="Deliveries of this endpoint, newest first"
        columns={[
          { label: "Event" },
          { label: "Status" },
          { label: "Attempts" },
          { label: "Last answer" },
          { label: "Time (UTC)" },
        ]}
        className="min-w-[48rem] text-sm"
        bodyClassName="align-top"
      >
        {deliveries.map((delivery) => {
          const status = STATUS[delivery.status];
          const last = delivery.tries.at(-1);
          return (
            <tr key={delivery.id}>
              <td className="px-4 py-3">
                <span className="font-mono font-semibold">{delivery.eventType}</span>
                <span className="mt-1 block font-mono text-xs break-all text-muted-foreground">{delivery.eventId}</span>
              </td>
              <td className="px-4 py-3">
                <div className="flex flex-col items-start gap-2">
                  <Badge variant={status.variant}>{status.label}</Badge>
                  {delivery.status === "pending" && delivery.nextAttemptAt ? (
                    <span className="text-xs text-muted-foreground">
                      Next {formatDateTimeUtc(delivery.nextAttemptAt)}
                    </span>
                  ) : null}
                  <Form method="post" preventScrollReset>
                    <input type="hidden" name="deliveryId" value={delivery.id} />
                    <SubmitButton intent="redeliver" variant="outline" size="sm" className="whitespace-nowrap">
                      Redeliver
                      <span className="sr-only">
                        {" "}
                        {delivery.eventType} event {delivery.eventId}
                      </span>
                    </SubmitButton>
                  </Form>
                </div>
              </td>
              <td className="px-4 py-3">
                {delivery.tries.length === 0 ? (
                  delivery.attempts
                ) : (
                  <details>
                    <summary className="cursor-pointer whitespace-nowrap">{delivery.tries.length}</summary>
                    <ol className="mt-2 flex flex-col gap-1 text-xs">
                      {delivery.tries.map((attempt, index) => (
                        <li key={index}>
                          {formatDateTimeUtc(attempt.createdAt)}: {answerOf(attempt)} ({attempt.durationMs} ms)
                        </li>
                      ))}
                    </ol>
                  </details>
                )}
              </td>
              <td className="px-4 py-3 wrap-anywhere">{answerOf(last)}</td>
              <td className="px-4 py-3 whitespace-nowrap">{formatDateTimeUtc(delivery.createdAt)}</td>
            </tr>
          );
        })}
      </ScrollTable>
    </div>
  );
}
