import { listSellerReviews, sellerReviewQuery } from "@server/catalogue/review-replies.ts";
import { servicesContext } from "@server/http/context.ts";
import { formatDayUtc } from "@shared/format.ts";
import { Link } from "react-router";
import { Pager } from "~/components/admin/pager";
import { ReviewReply } from "~/components/product/review-reply";
import { StarRating } from "~/components/product/star-rating";
import { SellerNav } from "~/components/sellers/seller-nav";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Container } from "~/components/ui/page";
import { pageMeta } from "~/lib/meta";
import { pageLoader } from "~/lib/refusal.server";
import { requireCreator } from "~/lib/require-creator.server";
import type { Route } from "./+types/reviews";

// The seller's reviews across their products, the unanswered ones first in view: where a seller
// looks for what buyers said and answers it, without opening each product's page. The replies are
// the product page's own (review-reply.tsx, posting to /product/:id/reviews/:reviewId/reply).

export const loader = pageLoader(async ({ request, context }: Route.LoaderArgs) => {
  const { creator, lookOnly } = await requireCreator(request, context);
  const query = sellerReviewQuery(new URL(request.url).searchParams);
  return { ...(await listSellerReviews(context.get(servicesContext).db, creator.id, query)), lookOnly };
});

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, "Reviews");

const VIEWS = [
  { view: "unanswered", label: "Awaiting a reply", to: "/seller/reviews" },
  { view: "all", label: "All reviews", to: "/seller/reviews?show=all" },
] as const;

export default function SellerReviewsPage({ loaderData }: Route.ComponentProps) {
  const { view, page, hasNext, reviews } = loaderData;
  return (
    <Container className="py-10">
      <h1 className="text-3xl font-bold">Seller Dashboard</h1>
      <SellerNav lookOnly={loaderData.lookOnly} />
      <h2 className="mt-8 text-xl font-semibold">Reviews</h2>
      <p className="mt-1 text-muted-foreground">
        What buyers wrote about your products, newest first. Your reply shows under the review on the product page, and
        the reviewer is emailed.
      </p>
      <nav aria-label="Reviews to show" className="mt-4 flex flex-wrap gap-2">
        {VIEWS.map((item) => (
          <Button key={item.view} asChild size="sm" variant={item.view === view ? "primary" : "outline"}>
            <Link to={item.to} aria-current={item.view === view ? "page" : undefined}>
              {item.label}
            </Link>
          </Button>
        ))}
      </nav>
      {reviews.length === 0 ? (
        <p className="mt-6 text-muted-foreground">
          {page > 1
            ? "There are no more reviews."
            : view === "unanswered"
              ? "No review is waiting for a reply."
              : "No reviews yet."}
        </p>
      ) : (
        <ul className="mt-6 flex flex-col gap-4" aria-label="Reviews of your products">
          {reviews.map((review) => (
            <li key={review.id}>
              <Card className="p-5">
                <h3 className="font-semibold wrap-anywhere">
                  <Link to={`/product/${review.productId}?reviews=1#reviews`} className="hover:text-primary">
                    {review.productTitle}
                  </Link>
                </h3>
                <div className="mt-2 flex flex-wrap items-center gap-3">
                  <StarRating rating={review.rating} />
                  <span className="font-medium">{review.authorName}</span>
                  <time className="text-sm text-muted-foreground" dateTime={new Date(review.createdAt).toISOString()}>
                    {formatDayUtc(review.createdAt)}
                  </time>
                </div>
                <p className="mt-2 wrap-anywhere">{review.body}</p>
                <ReviewReply productId={review.productId} review={review} seller={!loaderData.lookOnly} />
              </Card>
            </li>
          ))}
        </ul>
      )}
      <Pager page={page} hasNext={hasNext} label="Review pages" />
    </Container>
  );
}
