import { downloadLibrary } from "@server/delivery/order-downloads.ts";
import { servicesContext } from "@server/http/context.ts";
import { Link } from "react-router";
import { FileList, LicenseLine } from "~/components/orders/purchased-files";
import { ProductImage } from "~/components/product/product-image";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Container } from "~/components/ui/page";
import { pageMeta } from "~/lib/meta";
import { pageLoader } from "~/lib/refusal.server";
import { requireUser } from "~/lib/require-user.server";
import type { Route } from "./+types/downloads";

export const loader = pageLoader(async ({ request, context }: Route.LoaderArgs) => {
  const user = await requireUser(request, context);
  const { db, secret } = context.get(servicesContext);
  // Download links expire within minutes, so they are made fresh for each visit.
  return { items: await downloadLibrary(db, { secret, userId: user.id }) };
});

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, "My Downloads");

export default function DownloadsPage({ loaderData }: Route.ComponentProps) {
  const { items } = loaderData;
  return (
    <Container className="max-w-3xl py-10">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-3xl font-bold">My Downloads</h1>
        <Button asChild variant="outline">
          <Link to="/account/orders">My Orders</Link>
        </Button>
      </div>
      <p className="mt-2 text-sm text-muted-foreground">Everything you bought, ready to download again at any time.</p>
      {items.length === 0 ? (
        <Card className="mt-6 flex flex-col items-center gap-4 p-10 text-center">
          <p className="text-muted-foreground">Nothing here yet: your purchases appear here right after payment.</p>
          <Button asChild>
            <Link to="/browse">Browse products</Link>
          </Button>
        </Card>
      ) : (
        <ul className="mt-6 flex flex-col gap-4">
          {items.map((item) => (
            <li key={item.orderItemId}>
              <Card className="flex gap-4 p-4">
                <ProductImage src={item.imageUrl} alt="" className="size-20 shrink-0 rounded-md" sizes="80px" />
                <div className="flex min-w-0 flex-1 flex-col gap-2">
                  <Link to={`/product/${item.productId}`} className="font-semibold wrap-anywhere hover:text-primary">
                    {item.title}
                  </Link>
                  <p className="text-xs text-muted-foreground">
                    Order{" "}
                    <Link to={`/account/orders/${item.orderNumber}`} className="underline">
                      {item.orderNumber}
                    </Link>
                  </p>
                  {item.licenseKey && item.license ? (
                    <LicenseLine
                      tier={item.license.tier}
                      seats={item.license.seats}
                      licenseKey={item.licenseKey}
                      certificateUrl={`/account/orders/${item.orderNumber}/items/${item.orderItemId}/certificate`}
                      title={item.title}
                    />
                  ) : null}
                  <FileList title={item.title} files={item.files} />
                </div>
              </Card>
            </li>
          ))}
        </ul>
      )}
    </Container>
  );
}
