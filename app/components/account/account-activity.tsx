import type { AuthEvent, AuthEventType } from "@server/accounts/auth-events.ts";
import { describeDevice, formatWhen } from "./describe-device";

const labels: Record<AuthEventType, string> = {
  account_created: "Account created",
  signed_in: "Signed in",
  signed_out: "Signed out",
  password_changed: "Password changed",
  password_recovered: "Password reset by email",
  sessions_revoked: "Other sessions signed out",
  email_confirmed: "Email address confirmed",
  email_change_requested: "Email change requested",
  two_factor_enabled: "Two-factor sign-in turned on",
  two_factor_disabled: "Two-factor sign-in turned off",
  backup_codes_regenerated: "New backup codes made",
  passkey_added: "Passkey added",
  passkey_removed: "Passkey removed",
};

export function AccountActivity({ events }: { events: AuthEvent[] }) {
  if (events.length === 0) return <p className="mt-4 text-sm text-muted-foreground">No activity yet.</p>;
  return (
    <ol className="mt-4 grid gap-3 text-sm">
      {events.map((event, index) => (
        <li key={index} className="flex flex-wrap justify-between gap-2">
          <span className="font-medium">{labels[event.type]}</span>
          <span className="text-muted-foreground">
            {event.userAgent ? `${describeDevice(event.userAgent)} · ` : ""}
            {formatWhen(event.createdAt)}
          </span>
        </li>
      ))}
    </ol>
  );
}
