import { followedCreators } from "@server/catalogue/follows.ts";
import { servicesContext } from "@server/http/context.ts";
import { countOf, formatCount } from "@shared/format.ts";
import { Link } from "react-router";
import { UserAvatar } from "~/components/account/user-avatar";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Container } from "~/components/ui/page";
import { pageMeta } from "~/lib/meta";
import { requireUser } from "~/lib/require-user.server";
import type { Route } from "./+types/following";

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(request, context);
  return { creators: await followedCreators(context.get(servicesContext).db, user.id) };
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, "Following");

export default function FollowingPage({ loaderData }: Route.ComponentProps) {
  const { creators } = loaderData;
  return (
    <Container className="max-w-3xl py-10">
      <h1 className="text-3xl font-bold">Following</h1>
      <p className="mt-2 text-sm text-muted-foreground">The creators you follow.</p>
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
              <Card className="flex items-center gap-3 p-4">
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
              </Card>
            </li>
          ))}
        </ul>
      )}
    </Container>
  );
}
