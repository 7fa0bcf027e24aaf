import type { SessionSummary } from "@server/accounts/account-settings.ts";
import { Badge } from "~/components/ui/badge";
import { describeDevice, formatWhen } from "./describe-device";

export function SessionList({ sessions }: { sessions: SessionSummary[] }) {
  return (
    <ul className="divide-y divide-border rounded-md border border-border">
      {sessions.map((session) => (
        <li key={session.id} className="flex flex-wrap items-center justify-between gap-2 p-3 text-sm">
          <span>
            <span className="font-medium">{describeDevice(session.userAgent)}</span>
            <span className="block text-muted-foreground">
              {session.ipAddress ?? "Unknown address"} · since {formatWhen(session.createdAt)}
            </span>
          </span>
          {session.current ? <Badge variant="success">This device</Badge> : null}
        </li>
      ))}
    </ul>
  );
}
