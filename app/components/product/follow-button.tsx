import type { Answer } from "@shared/answer.ts";
import { UserCheck, UserPlus } from "lucide-react";
import { useEffect, useRef } from "react";
import { useFetcher } from "react-router";
import { useShopDialogs } from "~/components/layout/shop-dialogs";
import { FollowEmailsToggle } from "~/components/product/follow-emails-toggle";
import { Button } from "~/components/ui/button";
import { useShopper } from "~/lib/shopper";
import { toast } from "~/lib/toast";

type FollowAnswer = Answer<{ following: boolean; followers: number; notifyNewProducts: boolean }>;

/**
 * Follow Creator: for a signed-in user it follows (or stops); a visitor is asked to sign in first.
 * Just followed, it offers "Email me when <creator> publishes" (on, as a new follow starts), to
 * turn off at once; later the choice is on the account's Following page.
 */
export function FollowButton({ creatorId, name }: { creatorId: number; name: string }) {
  const fetcher = useFetcher<FollowAnswer>();
  const shopper = useShopper();
  const signedIn = Boolean(shopper?.user);
  const following = shopper?.following.includes(creatorId) ?? false;
  const login = useShopDialogs().login;
  const pending = fetcher.state !== "idle";
  const shown = pending ? !following : following;
  const handled = useRef<FollowAnswer | undefined>(undefined);
  useEffect(() => {
    const answer = fetcher.data;
    if (fetcher.state !== "idle" || !answer || handled.current === answer) return;
    handled.current = answer;
    if (!answer.ok) toast.error("Could not follow", { description: answer.message });
    else toast.success(answer.following ? `You follow ${name}` : `You no longer follow ${name}`);
  }, [fetcher.state, fetcher.data, name]);
  const answer = fetcher.data;
  const justFollowed = !pending && answer?.ok && answer.following ? answer : null;
  const button = (
    <Button
      type="button"
      // Until the page knows who is visiting, a click could follow or stop on a guess.
      disabled={!shopper}
      variant={shown ? "outline" : "primary"}
      onClick={() => (signedIn ? fetcher.submit({ intent: "follow" }, { method: "post" }) : login.show())}
    >
      {shown ? <UserCheck aria-hidden="true" /> : <UserPlus aria-hidden="true" />}
      {shown ? "Following" : "Follow Creator"}
    </Button>
  );
  if (!justFollowed) return button;
  return (
    <div className="flex flex-col items-start gap-1">
      {button}
      <FollowEmailsToggle creatorId={creatorId} name={name} notify={justFollowed.notifyNewProducts} />
    </div>
  );
}
