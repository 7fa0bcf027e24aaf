import { followedCreators, setFollowEmails, unfollow } from "@server/catalogue/follows.ts";
import { servicesContext } from "@server/http/context.ts";
import type { Answer } from "@shared/answer.ts";
import { countOf, formatCount } from "@shared/format.ts";
import { UserMinus } from "lucide-react";
import { useEffect, useRef } from "react";
import { Link, useFetcher } from "react-router";
import { z } from "zod";
import { UserAvatar } from "~/components/account/user-avatar";
import { FollowEmailsToggle } from "~/components/product/follow-emails-toggle";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Container } from "~/components/ui/page";
import { parseIntent, readForm } from "~/lib/form.server";
import { pageMeta } from "~/lib/meta";
import { formAction, pageLoader } from "~/lib/refusal.server";
import { requireUser } from "~/lib/require-user.server";
import { toast } from "~/lib/toast";
import type { Route } from "./+types/following";

export const loader = pageLoader(async ({ request, context }: Route.LoaderArgs) => {
  const user = await requireUser(request, context);
  return { creators: await followedCreators(context.get(servicesContext).db, user.id) };
});

const creatorId = z.coerce
  .number({ error: "Choose a creator you follow." })
  .int()
  .positive("Choose a creator you follow.");

/**
 * POST intent=follow-emails: whether a followed creator's new products are emailed (the toggle on
 * any page); intent=unfollow: stop following one (this page's Unfollow).
 */
const followingSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("follow-emails"),
    creatorId,
    notify: z.enum(["on", "off"], { error: "Choose whether to get these emails." }),
  }),
  z.object({ intent: z.literal("unfollow"), creatorId, name: z.string().max(200).optional() }),
]);

export const action = formAction(async ({ request, context }: Route.ActionArgs) => {
  const user = await requireUser(request, context);
  const { db } = context.get(servicesContext);
  const asked = parseIntent(await readForm(request), followingSchema);
  if (asked.intent === "unfollow") {
    await unfollow(db, user.id, asked.creatorId);
    // Already ended (another tab) is the same outcome: not following.
    return { ok: true as const, message: asked.name ? `You no longer follow ${asked.name}` : "Unfollowed" };
  }
  const { creatorId, notify } = asked;
  const notifyNewProducts = notify === "on";
  await setFollowEmails(db, { userId: user.id, creatorId, notifyNewProducts });
  return {
    ok: true as const,
    notifyNewProducts,
    message: notifyNewProducts
      ? "We will email you when this creator publishes a product."
      : "No more emails when this creator publishes a product.",
  };
});

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, "Following");

export default function FollowingPage({ loaderData }: Route.ComponentProps) {
  const { creators } = loaderData;
  useUnfollowToasts();
  return (
    <Container className="max-w-3xl py-10">
      <h1 className="text-3xl font-bold">Following</h1>
      <p className="mt-2 text-sm text-muted-foreground">
        The creators you follow, and whether we email you when each publishes a product.
      </p>
      {creators.length === 0 ? (
        <Card className="mt-6 flex flex-col items-center gap-4 p-10 text-center">
          <p className="text-muted-foreground">You do not follow any creators yet. Follow one from their page.</p>
          <Button asChild>
            <Link to="/browse">Browse products</Link>
          </Button>
        </Card>
      ) : (
        <ul className="mt-6 grid gap-3 sm:grid-cols-2">
          {creators.map((creator) => (
            <li key={creator.id}>
              <Card className="flex h-full flex-col gap-2 p-4">
                <div className="flex items-center gap-3">
                  <UserAvatar user={creator} className="size-12 text-base" />
                  <div className="min-w-0">
                    <Link to={`/creator/${creator.slug}`} className="font-semibold hover:text-primary">
                      {creator.name}
                    </Link>
                    <p className="text-sm text-muted-foreground">
                      {creator.specialty ? `${creator.specialty} · ` : ""}
                      {countOf(creator.followers, "follower", "followers", formatCount)}
                    </p>
                  </div>
                </div>
                <FollowEmailsToggle creatorId={creator.id} name={creator.name} notify={creator.notifyNewProducts} />
                <UnfollowButton creatorId={creator.id} name={creator.name} />
              </Card>
            </li>
          ))}
        </ul>
      )}
    </Container>
  );
}

// One fetcher for every card's Unfollow, read by the page too: the card (and its button) leaves
// the list as the answer comes, so the page says what happened.
const UNFOLLOW_FETCHER = "unfollow";

/** The toast of an Unfollow's answer. */
function useUnfollowToasts() {
  const fetcher = useFetcher<Answer<{ message: string }>>({ key: UNFOLLOW_FETCHER });
  const handled = useRef<typeof fetcher.data>(undefined);
  useEffect(() => {
    const answer = fetcher.data;
    if (fetcher.state !== "idle" || !answer || handled.current === answer) return;
    handled.current = answer;
    if (!answer.ok) toast.error("Could not unfollow", { description: answer.message });
    else toast.success(answer.message);
  }, [fetcher.state, fetcher.data]);
}

/** Stops following the creator: the card leaves the list once the page's data comes again. */
function UnfollowButton({ creatorId, name }: { creatorId: number; name: string }) {
  const fetcher = useFetcher({ key: UNFOLLOW_FETCHER });
  const sending = fetcher.state !== "idle" && fetcher.formData?.get("creatorId") === String(creatorId);
  return (
    <fetcher.Form method="post" className="mt-auto">
      <input type="hidden" name="intent" value="unfollow" />
      <input type="hidden" name="creatorId" value={creatorId} />
      <input type="hidden" name="name" value={name} />
      <Button type="submit" variant="outline" size="sm" disabled={sending}>
        <UserMinus aria-hidden="true" />
        Unfollow<span className="sr-only"> {name}</span>
      </Button>
    </fetcher.Form>
  );
}
