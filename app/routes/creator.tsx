import { getCurrentUser } from "@server/accounts/current-user.ts";
import { getCreatorProfile } from "@server/catalogue/creator-profile.ts";
import { toggleFollow } from "@server/catalogue/follows.ts";
import { servicesContext } from "@server/http/context.ts";
import { Refusal } from "@server/lib/refusal.ts";
import { PAGE_SIZE, searchProducts } from "@server/search/product-search.ts";
import { formatCount } from "@shared/format.ts";
import { isWebAddress } from "@shared/web-address.ts";
import { Calendar, ExternalLink, MapPin } from "lucide-react";
import { data, Link } from "react-router";
import { z } from "zod";
import { UserAvatar } from "~/components/account/user-avatar";
import { NotFoundScreen } from "~/components/layout/not-found-screen";
import { FollowButton } from "~/components/product/follow-button";
import { LoadMore, useLoadMore } from "~/components/product/load-more";
import { ProductGrid } from "~/components/product/product-card";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Container } from "~/components/ui/page";
import { keepPageOnFault } from "~/lib/fetcher-fault";
import { parseIntent, readForm } from "~/lib/form.server";
import { pageMeta } from "~/lib/meta";
import { publicPageHeaders } from "~/lib/public-page";
import { formAction, pageLoader } from "~/lib/refusal.server";
import type { Route } from "./+types/creator";

// The same for every visitor: cached by the shop and by a CDN.
export const headers = publicPageHeaders;

export const loader = pageLoader(async ({ params, request, context }: Route.LoaderArgs) => {
  const { readDb } = context.get(servicesContext);
  const creator = await getCreatorProfile(readDb, params.creatorId);
  // 'Creator Not Found', answered as the 404 it is.
  if (!creator) return data({ creator: null, products: [], total: 0, page: 0 }, { status: 404 });
  // Three products, until View All Products asks for every one (?all: the first 24; ?page=N: the Nth
  // 24, which Load More appends).
  const url = new URL(request.url);
  const page = url.searchParams.has("all") ? Math.min(Math.max(1, Number(url.searchParams.get("page")) || 1), 100) : 0;
  const { products, total } = await searchProducts(readDb, {
    creatorId: creator.id,
    limit: page ? PAGE_SIZE : 3,
    offset: page ? (page - 1) * PAGE_SIZE : 0,
  });
  return { creator: { ...creator, website: safeWebsite(creator.website) }, products, total, page };
});

/** POST intent=follow: follows the creator or stops (signed-in users only). */
const followSchema = z.object({ intent: z.literal("follow") });

export const action = formAction(async ({ params, request, context }: Route.ActionArgs) => {
  const { db, auth } = context.get(servicesContext);
  const user = await getCurrentUser(auth, request.headers);
  if (!user) throw new Refusal("Please sign in to follow creators.", "unauthenticated");
  const creator = await getCreatorProfile(db, params.creatorId);
  if (!creator) throw new Refusal("This creator does not exist.", "not-found");
  parseIntent(await readForm(request), followSchema);
  return { ok: true as const, ...(await toggleFollow(db, user.id, creator.id)) };
});

export const clientAction = keepPageOnFault;

/** Only an http(s) address is shown as the creator's website. */
function safeWebsite(website: string | null): string | null {
  return website && isWebAddress(website) ? new URL(website).href : null;
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  pageMeta(matches, loaderData?.creator?.name ?? "Creator Not Found", loaderData?.creator?.bio);

export default function CreatorPage({ loaderData }: Route.ComponentProps) {
  const { creator, total, page } = loaderData;
  const loadMore = useLoadMore(loaderData.products, Math.max(page, 1));
  const { products } = loadMore;
  if (!creator) {
    return (
      <NotFoundScreen
        title="Creator Not Found"
        text="The creator you're looking for doesn't exist."
        links={[
          { label: "Browse products", to: "/browse" },
          { label: "Return to Home", to: "/" },
        ]}
      />
    );
  }
  const stats = [
    { label: "Products", value: creator.totalProducts.toLocaleString("en-US") },
    { label: "Total Sales", value: formatCount(creator.totalSales) },
    { label: "Followers", value: creator.followers.toLocaleString("en-US") },
    { label: "Avg Rating", value: creator.rating.toFixed(1) },
  ];
  const joined = new Date(`${creator.joinDate}T00:00:00Z`).toLocaleDateString("en-US", {
    month: "long",
    year: "numeric",
    timeZone: "UTC",
  });
  return (
    <Container className="py-10">
      <div className="flex flex-col gap-6 sm:flex-row sm:items-center">
        <UserAvatar user={creator} className="size-28 text-3xl" />
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-4">
            <h1 className="min-w-0 text-3xl font-bold wrap-anywhere">{creator.name}</h1>
            <FollowButton creatorId={creator.id} name={creator.name} />
          </div>
          <p className="text-lg text-muted-foreground wrap-anywhere">{creator.specialty}</p>
          <ul className="mt-2 flex flex-wrap gap-2" aria-label="Badges">
            {creator.badges.map((badge) => (
              <li key={badge}>
                <Badge>{badge}</Badge>
              </li>
            ))}
          </ul>
          <p className="mt-3 flex flex-wrap gap-4 text-sm text-muted-foreground">
            {creator.location ? (
              <span className="inline-flex min-w-0 items-center gap-1">
                <MapPin aria-hidden="true" className="size-4 shrink-0" />{" "}
                <span className="wrap-anywhere">{creator.location}</span>
              </span>
            ) : null}
            <span className="inline-flex items-center gap-1">
              <Calendar aria-hidden="true" className="size-4" /> Joined {joined}
            </span>
            {creator.website ? (
              <a
                href={creator.website}
                target="_blank"
                rel="noopener noreferrer"
                className="inline-flex items-center gap-1 text-primary hover:underline"
              >
                Visit Website <ExternalLink aria-hidden="true" className="size-4" />
                <span className="sr-only">(opens in a new tab)</span>
              </a>
            ) : null}
          </p>
        </div>
      </div>
      <p className="mt-6 max-w-3xl wrap-anywhere">{creator.bio}</p>
      <dl className="mt-8 grid grid-cols-2 gap-4 md:grid-cols-4">
        {stats.map((stat) => (
          <div key={stat.label} className="rounded-lg border border-border bg-card p-4 text-center shadow-sm">
            <dt className="text-sm text-muted-foreground">{stat.label}</dt>
            <dd className="mt-1 text-2xl font-bold">{stat.value}</dd>
          </div>
        ))}
      </dl>
      <h2 className="mt-12 text-2xl font-bold wrap-anywhere">Products by {creator.name}</h2>
      <div className="mt-6">
        {products.length === 0 ? (
          <p className="text-muted-foreground">No products yet.</p>
        ) : (
          <ProductGrid products={products} columns={3} />
        )}
      </div>
      {page > 0 ? (
        <LoadMore state={loadMore} total={total} />
      ) : total > products.length ? (
        <div className="mt-8 flex justify-center">
          <Button asChild variant="outline">
            <Link to="?all" preventScrollReset>
              View All Products
            </Link>
          </Button>
        </div>
      ) : null}
    </Container>
  );
}
