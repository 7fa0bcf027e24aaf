import type { Answer } from "@shared/answer.ts";
import { BellOff, BellRing } from "lucide-react";
import { useEffect, useRef } from "react";
import { useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import { toast } from "~/lib/toast";

type FollowEmailsAnswer = Answer<{ notifyNewProducts: boolean; message: string }>;

/**
 * "Email me when <creator> publishes", a toggle button for a creator the user follows: under the
 * Follow button once they follow (on, as every new follow starts), and on their Following page. It
 * posts to /account/following, so it works on any page (and as a plain form without JavaScript).
 */
export function FollowEmailsToggle({
  creatorId,
  name,
  notify,
  className,
}: {
  creatorId: number;
  name: string;
  /** The saved choice, as the page knows it. */
  notify: boolean;
  className?: string;
}) {
  const fetcher = useFetcher<FollowEmailsAnswer>();
  const asked = fetcher.formData?.get("notify");
  const saved = fetcher.data?.ok ? fetcher.data.notifyNewProducts : notify;
  const on = typeof asked === "string" ? asked === "on" : saved;
  const handled = useRef<FollowEmailsAnswer | undefined>(undefined);
  useEffect(() => {
    const answer = fetcher.data;
    if (fetcher.state !== "idle" || !answer || handled.current === answer) return;
    handled.current = answer;
    if (!answer.ok) toast.error("Could not save", { description: answer.message });
    else toast.success(answer.message);
  }, [fetcher.state, fetcher.data]);
  return (
    <fetcher.Form method="post" action="/account/following" className={className}>
      <input type="hidden" name="intent" value="follow-emails" />
      <input type="hidden" name="creatorId" value={creatorId} />
      <Button
        type="submit"
        name="notify"
        value={on ? "off" : "on"}
        variant={on ? "secondary" : "outline"}
        size="sm"
        aria-pressed={on}
        className="h-auto min-h-9 whitespace-normal text-left"
      >
        {on ? <BellRing aria-hidden="true" /> : <BellOff aria-hidden="true" />}
        Email me when {name} publishes
        {/* Its state in words for the eye; a screen reader says it from aria-pressed. */}
        <span aria-hidden="true" className="ml-1 rounded-sm border border-current px-1.5 text-xs font-semibold">
          {on ? "On" : "Off"}
        </span>
      </Button>
    </fetcher.Form>
  );
}
