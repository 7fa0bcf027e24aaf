import { listSellerProducts } from "@server/catalogue/seller-products.ts";
import { servicesContext } from "@server/http/context.ts";
import { ProductGrid } from "~/components/product/product-card";
import { SellerNav } from "~/components/sellers/seller-nav";
import { Container } from "~/components/ui/page";
import { pageMeta } from "~/lib/meta";
import { requireSeller } from "~/lib/require-user.server";
import type { Route } from "./+types/dashboard";

// The seller area. For now it lists the seller's own products; publishing, sales, earnings
// and payouts come with the seller tools.
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireSeller(request, context);
  const { db } = context.get(servicesContext);
  return listSellerProducts(db, user.id);
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, "Seller Dashboard");

export default function SellerDashboard({ loaderData }: Route.ComponentProps) {
  const { shopName, products } = loaderData;
  return (
    <Container className="py-10">
      <h1 className="text-3xl font-bold">Seller Dashboard</h1>
      <SellerNav />
      <p className="mt-6 text-muted-foreground">
        {shopName ? `Your shop: ${shopName} · ${products.length} products` : "Your shop has no products yet."}
      </p>
      <h2 className="mt-8 text-xl font-semibold">Your products</h2>
      <div className="mt-4">
        <ProductGrid products={products} />
      </div>
    </Container>
  );
}
