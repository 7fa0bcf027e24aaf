import type { Answer } from "@shared/answer.ts";
import { UserCheck, UserPlus } from "lucide-react";
import { useEffect, useRef } from "react";
import { useFetcher } from "react-router";
import { useShopDialogs } from "~/components/layout/shop-dialogs";
import { Button } from "~/components/ui/button";
import { useShopper } from "~/lib/shopper";
import { toast } from "~/lib/toast";

type FollowAnswer = Answer<{ following: boolean; followers: number }>;

/** Follow Creator: for a signed-in user it follows (or stops); a visitor is asked to sign in first. */
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
  return (
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
}
