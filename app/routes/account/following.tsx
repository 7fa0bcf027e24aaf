import { followedCreators, setFollowEmails } from "@server/catalogue/follows.ts";
import { servicesContext } from "@server/http/context.ts";
import { parseIntent } from "@server/lib/form-fields.ts";
import { countOf, formatCount } from "@shared/format.ts";
import { Link } from "react-router";
import { z } from "zod";
import { UserAvatar } from "~/components/account/user-avatar";
import { FollowEmailsToggle } from "~/components/product/follow-emails-toggle";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Container } from "~/components/ui/page";
import { readForm } from "~/lib/form.server";
import { pageMeta } from "~/lib/meta";
import { formAction } from "~/lib/refusal.server";
import { requireUser } from "~/lib/require-user.server";
import type { Route } from "./+types/following";

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(request, context);
  return { creators: await followedCreators(context.get(servicesContext).db, user.id) };
}

/** POST intent=follow-emails: whether a followed creator's new products are emailed (the toggle on any page). */
const followEmailsSchema = z.object({
  intent: z.literal("follow-emails"),
  creatorId: z.coerce.number({ error: "Choose a creator you follow." }).int().positive("Choose a creator you follow."),
  notify: z.enum(["on", "off"], { error: "Choose whether to get these emails." }),
});

export const action = formAction(async ({ request, context }: Route.ActionArgs) => {
  const user = await requireUser(request, context);
  const { db } = context.get(servicesContext);
  const { creatorId, notify } = parseIntent(await readForm(request), followEmailsSchema);
  const notifyNewProducts = notify === "on";
  await setFollowEmails(db, user.id, creatorId, notifyNewProducts);
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
                <FollowEmailsToggle
                  creatorId={creator.id}
                  name={creator.name}
                  notify={creator.notifyNewProducts}
                  className="-ml-3"
                />
              </Card>
            </li>
          ))}
        </ul>
      )}
    </Container>
  );
}
