import { getHomePage } from "@server/catalogue/home-page.ts";
import { servicesContext } from "@server/http/context.ts";
import { countOf, formatCount } from "@shared/format.ts";
import { ArrowRight, Download, ShieldCheck, Sparkles, Store } from "lucide-react";
import { Link } from "react-router";
import { ProductGrid } from "~/components/product/product-card";
import { ProductImage } from "~/components/product/product-image";
import { Button } from "~/components/ui/button";
import { Container } from "~/components/ui/page";
import { pageMeta } from "~/lib/meta";
import { publicPageHeaders } from "~/lib/public-page";
import { pageLoader } from "~/lib/refusal.server";
import type { Route } from "./+types/home";

// The same for every visitor: cached by the shop and by a CDN.
export const headers = publicPageHeaders;

export const loader = pageLoader(async ({ context }: Route.LoaderArgs) => {
  const { readDb, shopName } = context.get(servicesContext);
  return { shopName, ...(await getHomePage(readDb)) };
});

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(
    matches,
    null,
    "Digital planners, wall art, templates, courses, e-books and printables from independent creators.",
  );

// Popular Categories link where the storefront says they do, at each category's one address
// (/category/digital-planners is Planners, app/routes/category.tsx).
const popularCategories = [
  {
    to: "/category/planners",
    name: "Digital Planners",
    blurb: "Plan your days and goals",
    art: "/media/generated/planner-7.svg",
  },
  {
    to: "/category/wall-art",
    name: "Wall Art Prints",
    blurb: "Print-ready art for any room",
    art: "/media/generated/wall-art-12.svg",
  },
  {
    to: "/category/templates",
    name: "Templates",
    blurb: "Social, business and resumes",
    art: "/media/generated/template-5.svg",
  },
  {
    to: "/category/digital-courses",
    name: "Digital Courses",
    blurb: "Learn from working creators",
    art: "/media/generated/course-9.svg",
  },
];

export default function Home({ loaderData }: Route.ComponentProps) {
  const { shopName, trending, showcase, featuredCreators, productCount } = loaderData;
  return (
    <>
      <section className="bg-gradient-to-br from-primary-soft via-background to-rose-50">
        <Container className="grid items-center gap-10 py-14 sm:py-20 lg:grid-cols-2">
          <div>
            <p className="inline-flex items-center gap-2 rounded-full bg-primary-soft px-3 py-1 text-sm font-medium text-primary">
              <Sparkles aria-hidden="true" className="size-4" /> Welcome to {shopName}
            </p>
            <h1 className="mt-4 text-4xl font-bold sm:text-5xl">Digital products made by independent creators</h1>
            <p className="mt-4 max-w-xl text-lg text-muted-foreground">
              Planners, wall art, templates, courses, e-books and printables. Pay once and download instantly.
            </p>
            <div className="mt-8 flex flex-wrap gap-3">
              <Button asChild size="lg">
                <Link to="/browse">
                  Browse All Products <ArrowRight aria-hidden="true" />
                </Link>
              </Button>
              <Button asChild size="lg" variant="outline">
                <Link to="/become-seller">Join as Seller</Link>
              </Button>
            </div>
            <dl className="mt-10 flex flex-wrap gap-8">
              {productCount > 0 ? (
                <div>
                  <dt className="text-sm text-muted-foreground">Products</dt>
                  <dd className="text-2xl font-bold">{formatCount(productCount)}</dd>
                </div>
              ) : null}
              <div>
                <dt className="text-sm text-muted-foreground">Delivery</dt>
                <dd className="flex items-center gap-1 text-2xl font-bold">
                  <Download aria-hidden="true" className="size-5" /> Instant
                </dd>
              </div>
              <div>
                <dt className="text-sm text-muted-foreground">Guarantee</dt>
                <dd className="flex items-center gap-1 text-2xl font-bold">
                  <ShieldCheck aria-hidden="true" className="size-5" /> 30 days
                </dd>
              </div>
            </dl>
          </div>
          <div className="hidden grid-cols-2 gap-4 sm:grid" aria-hidden="true">
            {showcase.map((product) => (
              <ProductImage
                key={product.id}
                src={product.imageUrl}
                alt=""
                className="aspect-square w-full rounded-xl shadow-md"
                sizes="(min-width: 1280px) 290px, (min-width: 1024px) 25vw, 50vw"
              />
            ))}
          </div>
        </Container>
      </section>

      {trending.length > 0 ? (
        <section aria-labelledby="trending-heading">
          <Container className="py-14">
            <div className="flex flex-wrap items-end justify-between gap-4">
              <div>
                <h2 id="trending-heading" className="text-2xl font-bold sm:text-3xl">
                  Trending Products
                </h2>
                <p className="mt-1 text-muted-foreground">What shoppers viewed and bought this week</p>
              </div>
              <Button asChild variant="outline">
                <Link to="/trending">View All</Link>
              </Button>
            </div>
            <div className="mt-6">
              <ProductGrid products={trending} />
            </div>
          </Container>
        </section>
      ) : null}

      {productCount === 0 ? <OpeningSoon shopName={shopName} /> : null}

      {productCount > 0 ? (
        <section className="bg-muted py-14" aria-labelledby="categories-heading">
          <Container>
            <h2 id="categories-heading" className="text-2xl font-bold sm:text-3xl">
              Popular Categories
            </h2>
            <ul className="mt-6 grid gap-6 min-[480px]:grid-cols-2 lg:grid-cols-4">
              {popularCategories.map((category) => (
                <li key={category.to}>
                  <Link
                    to={category.to}
                    className="group block overflow-hidden rounded-lg border border-border bg-card shadow-sm hover:shadow-md"
                  >
                    <ProductImage src={category.art} alt="" className="aspect-[4/3] w-full" />
                    <span className="block p-4">
                      <span className="block font-semibold group-hover:text-primary">{category.name}</span>
                      <span className="text-sm text-muted-foreground">{category.blurb}</span>
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
          </Container>
        </section>
      ) : null}

      {featuredCreators.length > 0 ? (
        <Container className="py-14">
          <h2 className="text-2xl font-bold sm:text-3xl">Featured Creators</h2>
          <ul className="mt-6 grid gap-6 min-[480px]:grid-cols-2 lg:grid-cols-4">
            {featuredCreators.map((creator) => (
              <li
                key={creator.slug}
                className="flex flex-col items-center rounded-lg border border-border bg-card p-6 text-center shadow-sm"
              >
                <ProductImage src={creator.avatarUrl} alt="" className="size-20 rounded-full" />
                <h3 className="mt-4 max-w-full font-semibold wrap-anywhere">{creator.name}</h3>
                <p className="max-w-full text-sm text-muted-foreground wrap-anywhere">{creator.specialty}</p>
                <p className="mt-2 text-sm">
                  {countOf(creator.followers, "follower", "followers", formatCount)} ·{" "}
                  {countOf(creator.products, "product", "products")}
                </p>
                <Button asChild variant="outline" size="sm" className="mt-4">
                  <Link to={`/creator/${creator.slug}`} aria-label={`View Profile of ${creator.name}`}>
                    View Profile
                  </Link>
                </Button>
              </li>
            ))}
          </ul>
        </Container>
      ) : null}

      <section className="bg-primary py-14 text-primary-foreground">
        <Container className="flex flex-col items-start gap-6 md:flex-row md:items-center md:justify-between">
          <div>
            <h2 className="text-2xl font-bold sm:text-3xl">Sell your digital products</h2>
            <p className="mt-2 max-w-xl text-primary-foreground/90">
              Join our creators and keep 70% of every sale, paid out weekly.
            </p>
          </div>
          <Button asChild size="lg" variant="secondary">
            <Link to="/become-seller">Start Selling</Link>
          </Button>
        </Container>
      </section>
    </>
  );
}

/**
 * A new shop's home page before its first product is on sale: a welcome and the way in for the
 * first sellers, instead of empty lists and a count of 0.
 */
function OpeningSoon({ shopName }: { shopName: string }) {
  return (
    <section aria-labelledby="opening-heading">
      <Container className="py-14">
        <div className="mx-auto max-w-2xl rounded-lg border border-dashed border-border bg-card p-8 text-center sm:p-12">
          <Store aria-hidden="true" className="mx-auto size-10 text-primary" />
          <h2 id="opening-heading" className="mt-4 text-2xl font-bold sm:text-3xl">
            {shopName} is just opening
          </h2>
          <p className="mt-3 text-muted-foreground">
            Our first creators are setting up their shops. Come back soon for planners, wall art, templates, courses,
            e-books and printables, or be among the first to sell here.
          </p>
          <div className="mt-6 flex flex-wrap justify-center gap-3">
            <Button asChild>
              <Link to="/become-seller">Become a Seller</Link>
            </Button>
            <Button asChild variant="outline">
              <Link to="/contact">Contact Us</Link>
            </Button>
          </div>
        </div>
      </Container>
    </section>
  );
}
