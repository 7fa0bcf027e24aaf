import { isSharedDemoAccount } from "@server/accounts/shared-demo-accounts.ts";
import { servicesContext } from "@server/http/context.ts";
import { standingNotice } from "@server/moderation/creator-standing.ts";
import { creatorOfUser } from "@server/sellers/creator-account.ts";
import { listSellerProducts } from "@server/sellers/seller-products.ts";
import { countOf, formatCount, formatPrice } from "@shared/format.ts";
import { LICENSE_TIER_NAMES, offeredTiers } from "@shared/license-tiers.ts";
import { SELLER_REVIEW_TIME } from "@shared/shop-facts.ts";
import { Plus } from "lucide-react";
import { data, Link } from "react-router";
import { StandingNotice } from "~/components/moderation/standing-notice";
import { ProductImage } from "~/components/product/product-image";
import { hiddenReason } from "~/components/sellers/hidden-product-note";
import { SellerNav } from "~/components/sellers/seller-nav";
import { StatusBadge } from "~/components/sellers/status-badge";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Container } from "~/components/ui/page";
import { pageMeta } from "~/lib/meta";
import { pageLoader } from "~/lib/refusal.server";
import { requireUser } from "~/lib/require-user.server";
import type { Route } from "./+types/dashboard";

// The seller area: the seller's products, published or not, each with its editor. A signed-in
// shopper who is not a seller is told how to become one (a visitor is asked to sign in).
export const loader = pageLoader(async ({ request, context }: Route.LoaderArgs) => {
  const user = await requireUser(request, context);
  if (!user.isSeller) return data({ seller: false as const }, { status: 403 });
  const { db, shopMode } = context.get(servicesContext);
  const creator = await creatorOfUser(db, user.id);
  const [products, notice] = creator
    ? await Promise.all([listSellerProducts(db, creator.id), standingNotice(db, creator.id)])
    : [[], null];
  return {
    lookOnly: isSharedDemoAccount(shopMode, user),
    seller: true as const,
    creatorName: creator?.name ?? null,
    followers: creator?.followers ?? 0,
    products,
    notice: notice && {
      standing: notice.standing,
      suspendedUntil: notice.suspendedUntil?.toISOString() ?? null,
      warningFixBy: notice.warningFixBy?.toISOString() ?? null,
    },
  };
});

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, "Seller Dashboard");

export default function SellerDashboard({ loaderData }: Route.ComponentProps) {
  if (!loaderData.seller) return <NotASeller />;
  const { creatorName, followers, products, notice } = loaderData;
  return (
    <Container className="py-10">
      <h1 className="text-3xl font-bold">Seller Dashboard</h1>
      <SellerNav lookOnly={loaderData.lookOnly} />
      {notice ? <StandingNotice notice={notice} /> : null}
      <div className="mt-6 flex flex-wrap items-center justify-between gap-3">
        <p className="text-muted-foreground">
          {creatorName
            ? `Your shop: ${creatorName} · ${countOf(products.length, "product", "products")} · ${countOf(followers, "follower", "followers", formatCount)}`
            : "Your shop has no products yet."}
        </p>
        {notice?.standing === "removed" ? null : (
          <Button asChild>
            <Link to="/seller/products/new">
              <Plus aria-hidden="true" /> Add a product
            </Link>
          </Button>
        )}
      </div>
      <h2 className="mt-8 text-xl font-semibold">Your products</h2>
      {products.length === 0 ? (
        <p className="mt-3 text-muted-foreground">Add your first product: it starts as a draft only you can see.</p>
      ) : (
        <ul className="mt-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {products.map((product) => (
            <li key={product.id}>
              <Card className="flex gap-3 p-3">
                <ProductImage src={product.imageUrl} alt="" className="size-20 shrink-0 rounded-md" sizes="80px" />
                <div className="flex min-w-0 flex-col items-start gap-1">
                  <Link
                    to={`/seller/products/${product.id}`}
                    className="line-clamp-2 font-medium wrap-anywhere hover:text-primary"
                  >
                    {product.title}
                  </Link>
                  <span className="text-sm">
                    {offeredTiers({
                      personal: product.priceCents,
                      commercial: product.commercialPriceCents,
                      extended: product.extendedPriceCents,
                    })
                      .map(({ tier, priceCents }) =>
                        // One tier sold: its price alone, as before tiers; several: each named.
                        product.commercialPriceCents === null && product.extendedPriceCents === null
                          ? formatPrice(priceCents)
                          : `${LICENSE_TIER_NAMES[tier]} ${formatPrice(priceCents)}`,
                      )
                      .join(" · ")}
                  </span>
                  <StatusBadge status={product.status} />
                  {product.status === "hidden" ? (
                    <p className="line-clamp-2 text-sm text-rose-900">
                      {hiddenReason(product.hiddenBy, product.hiddenNote)}
                    </p>
                  ) : null}
                </div>
              </Card>
            </li>
          ))}
        </ul>
      )}
    </Container>
  );
}

/** /seller for a signed-in shopper: the dashboard is a seller's, and how to become one. */
function NotASeller() {
  return (
    <Container className="flex max-w-xl flex-col items-center py-24 text-center">
      <h1 className="text-3xl font-bold">Seller Dashboard</h1>
      <p className="mt-4 text-lg">The Seller Dashboard is for sellers, and your account is not a seller's yet.</p>
      <p className="mt-3 text-muted-foreground">
        To sell your products here, apply on the Become a Seller page: tell us about your shop and what you make. We
        review every application within {SELLER_REVIEW_TIME}, and this dashboard opens once you are approved.
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Button asChild>
          <Link to="/become-seller">Become a Seller</Link>
        </Button>
        <Button asChild variant="outline">
          <Link to="/seller-resources">Seller resources</Link>
        </Button>
      </div>
    </Container>
  );
}
