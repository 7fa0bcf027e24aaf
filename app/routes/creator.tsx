import { getCreatorProfile } from "@server/catalogue/creator-profile.ts";
import { servicesContext } from "@server/http/context.ts";
import { searchProducts } from "@server/search/product-search.ts";
import { Calendar, ExternalLink, MapPin } from "lucide-react";
import { Link } from "react-router";
import { ProductGrid } from "~/components/product/product-card";
import { ProductImage } from "~/components/product/product-image";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Container } from "~/components/ui/page";
import { formatCount } from "~/lib/format";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/creator";

export async function loader({ params, context }: Route.LoaderArgs) {
  const { db } = context.get(servicesContext);
  const creator = await getCreatorProfile(db, params.creatorId);
  if (!creator) return { creator: null, products: [] };
  const { products } = await searchProducts(db, { creatorId: creator.id, limit: 3 });
  return { creator, products };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  pageMeta(matches, loaderData?.creator?.name ?? "Creator Not Found", loaderData?.creator?.bio);

export default function CreatorPage({ loaderData }: Route.ComponentProps) {
  const { creator, products } = loaderData;
  if (!creator) {
    return (
      <Container className="py-24 text-center">
        <h1 className="text-3xl font-bold">Creator Not Found</h1>
        <p className="mt-3 text-muted-foreground">The creator you're looking for doesn't exist.</p>
        <Button asChild className="mt-8">
          <Link to="/browse">Browse products</Link>
        </Button>
      </Container>
    );
  }
  const stats = [
    { label: "Products", value: creator.totalProducts.toLocaleString("en-US") },
    { label: "Total Sales", value: formatCount(creator.totalSales) },
    { label: "Followers", value: formatCount(creator.followers) },
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
        <ProductImage src={creator.avatarUrl} alt={`${creator.name}'s avatar`} className="size-28 rounded-full" />
        <div>
          <h1 className="text-3xl font-bold">{creator.name}</h1>
          <p className="text-lg text-muted-foreground">{creator.specialty}</p>
          <ul className="mt-2 flex flex-wrap gap-2" aria-label="Badges">
            {creator.badges.map((badge) => (
              <li key={badge}>
                <Badge>{badge}</Badge>
              </li>
            ))}
          </ul>
          <p className="mt-3 flex flex-wrap gap-4 text-sm text-muted-foreground">
            {creator.location ? (
              <span className="inline-flex items-center gap-1">
                <MapPin aria-hidden="true" className="size-4" /> {creator.location}
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
      <p className="mt-6 max-w-3xl">{creator.bio}</p>
      <dl className="mt-8 grid grid-cols-2 gap-4 md:grid-cols-4">
        {stats.map((stat) => (
          <div key={stat.label} className="rounded-lg border border-border bg-card p-4 text-center shadow-sm">
            <dt className="text-sm text-muted-foreground">{stat.label}</dt>
            <dd className="mt-1 text-2xl font-bold">{stat.value}</dd>
          </div>
        ))}
      </dl>
      <h2 className="mt-12 text-2xl font-bold">Products by {creator.name}</h2>
      <div className="mt-6">
        <ProductGrid products={products} />
      </div>
    </Container>
  );
}
