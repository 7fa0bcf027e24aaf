import type { ProductDetail } from "@server/catalogue/product-detail.ts";
import type { ReviewPage } from "@server/catalogue/product-reviews.ts";
import { DEMO_BUYER_REVIEWS_OFF } from "@shared/demo-shop.ts";
import { countOf, formatDayUtc, formatDuration, formatFileSize, formatWhole } from "@shared/format.ts";
import { MONEY_BACK_GUARANTEE_DAYS, REFUND_PROCESSING, REFUND_REVIEW_HOURS } from "@shared/shop-facts.ts";
import { BadgeCheck } from "lucide-react";
import { Tabs } from "radix-ui";
import { lazy, Suspense } from "react";
import { Link } from "react-router";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { FileSize } from "~/components/ui/file-size";
import { ReviewReply } from "./review-reply";
import { StarRating } from "./star-rating";
import { useProductViewer, useReviewState } from "./use-product-viewer";

// The product page's tabs: Product Details, Features, Reviews and FAQ.

// Only a buyer who may review sees the form: its form libraries load then, not with every product page.
const ReviewForm = lazy(() => import("./review-form").then((module) => ({ default: module.ReviewForm })));

const REQUIREMENTS = [
  "A computer, tablet or phone that opens the file format above",
  "An internet connection for the download",
  "A printer, only if you want it on paper",
];

// The three fixed answers of the FAQ tab: what the shop does today (the Help Center says the same).
const FAQ = [
  {
    question: "How do I get my files?",
    answer:
      "Once your payment is confirmed you are back on your order page, with a Download button for each file. Your receipt email links to that page, and with an account your files are in My Downloads too.",
  },
  {
    question: "Can I get a refund?",
    answer: `Yes, within ${MONEY_BACK_GUARANTEE_DAYS} days of purchase: use Request a refund on your order page. We review requests within ${REFUND_REVIEW_HOURS} hours, and approved refunds are processed in ${REFUND_PROCESSING}.`,
  },
  {
    question: "Can I use it for my business?",
    answer:
      "Every purchase comes with a Personal license, for your own use. Where the creator offers them, choose a Commercial license (business and client work) or an Extended license (products you sell) as you add it to your cart, with a seat for each person who uses the files; see License Terms for what each covers.",
  },
];

interface ReviewsProps {
  product: ProductDetail;
  reviews: ReviewPage;
  breakdown: { stars: number; count: number }[];
  /** Read All Reviews was chosen: the Reviews tab opens, page by page. */
  paged: boolean;
}

function Reviews({ product, reviews, breakdown, paged }: ReviewsProps) {
  const count = product.reviewCount;
  // Whether the visitor may review: only signed-in buyers, once.
  const reviewState = useReviewState(product.id);
  // Its seller replies to reviews under each one.
  const viewer = useProductViewer(product.id);
  const seller = viewer?.seller === true && !viewer.lookOnly;
  return (
    <div className="grid gap-8 md:grid-cols-[14rem_1fr]">
      <div>
        {count === 0 ? (
          <p className="text-lg font-semibold">No reviews yet</p>
        ) : (
          <>
            <p className="text-4xl font-bold">{product.rating.toFixed(1)}</p>
            <StarRating rating={product.rating} className="mt-1" />
            <p className="mt-1 text-sm text-muted-foreground">{countOf(count, "review", "reviews")}</p>
          </>
        )}
        <ul className="mt-4 grid gap-1 text-sm" aria-label="Reviews by stars">
          {breakdown.map(({ stars, count: n }) => (
            <li key={stars} className="flex items-center gap-2">
              <span className="w-14">{countOf(stars, "star", "stars")}</span>
              <span className="h-2 flex-1 overflow-hidden rounded-full bg-muted" aria-hidden="true">
                <span
                  className="block h-full bg-star"
                  style={{ width: `${count ? Math.round((n / count) * 100) : 0}%` }}
                />
              </span>
              <span className="w-12 text-right text-muted-foreground">{formatWhole(n)}</span>
            </li>
          ))}
        </ul>
      </div>
      <div>
        {reviewState === "can-review" && viewer?.lookOnly ? (
          <p className="mb-6 text-sm text-muted-foreground">{DEMO_BUYER_REVIEWS_OFF}</p>
        ) : reviewState === "can-review" ? (
          <Suspense fallback={null}>
            <ReviewForm />
          </Suspense>
        ) : null}
        {reviewState === "reviewed" ? (
          <p className="mb-6 text-sm text-muted-foreground">Thank you: you have reviewed this product.</p>
        ) : null}
        {reviews.reviews.length === 0 ? (
          <p className="text-muted-foreground">No reviews yet.</p>
        ) : (
          <ol
            className="grid gap-6"
            aria-label={paged ? `Reviews, page ${reviews.page} of ${reviews.pages}` : "Latest reviews"}
          >
            {reviews.reviews.map((review) => (
              <li key={review.id} className="border-b border-border pb-6 last:border-0">
                <div className="flex flex-wrap items-center gap-3">
                  <StarRating rating={review.rating} />
                  <span className="min-w-0 font-medium wrap-anywhere">{review.authorName}</span>
                  {review.verified ? (
                    <Badge variant="success">
                      <BadgeCheck className="size-3.5" aria-hidden="true" />
                      Verified purchase
                    </Badge>
                  ) : null}
                  <time className="text-sm text-muted-foreground" dateTime={new Date(review.createdAt).toISOString()}>
                    {formatDayUtc(review.createdAt)}
                  </time>
                </div>
                <p className="mt-2 wrap-anywhere">{review.body}</p>
                <ReviewReply productId={product.id} review={review} seller={seller} />
              </li>
            ))}
          </ol>
        )}
        {paged ? (
          <nav aria-label="Review pages" className="mt-6 flex items-center justify-between gap-3">
            {reviews.page > 1 ? (
              <Button asChild variant="outline">
                <Link to={`?reviews=${reviews.page - 1}#reviews`} preventScrollReset>
                  Previous
                </Link>
              </Button>
            ) : (
              <span />
            )}
            <span className="text-sm text-muted-foreground">
              Page {reviews.page} of {reviews.pages}
            </span>
            {reviews.page < reviews.pages ? (
              <Button asChild variant="outline">
                <Link to={`?reviews=${reviews.page + 1}#reviews`} preventScrollReset>
                  Next
                </Link>
              </Button>
            ) : (
              <span />
            )}
          </nav>
        ) : count > reviews.reviews.length ? (
          <Button asChild variant="outline" className="mt-6">
            <Link to="?reviews=1#reviews" preventScrollReset>
              Read All Reviews
            </Link>
          </Button>
        ) : null}
      </div>
    </div>
  );
}

// On a phone the four tabs share the row, a long label on two lines, so that none is cut off.
const tabClass =
  "-mb-px border-b-2 border-transparent px-1 py-2 text-center text-sm font-medium text-muted-foreground hover:text-foreground data-[state=active]:border-primary data-[state=active]:text-primary focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ring sm:whitespace-nowrap sm:px-4";

/** The files a buyer downloads, each with the size of the stored file. */
function FileList({ files }: { files: ProductDetail["files"] }) {
  const total = files.reduce((sum, file) => sum + file.sizeBytes, 0);
  return (
    <ul>
      {files.map((file) => (
        <li key={file.fileName} className="wrap-anywhere">
          {file.fileName} <FileSize bytes={file.sizeBytes} />
        </li>
      ))}
      {files.length > 1 ? <li className="text-muted-foreground">Total {formatFileSize(total)}</li> : null}
    </ul>
  );
}

export function ProductTabs({ product, reviews, breakdown, paged }: ReviewsProps) {
  const sizes = [
    product.pages ? `${product.pages} pages` : null,
    product.prints ? `${product.prints} prints` : null,
    product.templates ? `${product.templates} templates` : null,
    product.durationMinutes ? `${formatDuration(product.durationMinutes)} of video` : null,
  ].filter(Boolean);
  return (
    <Tabs.Root id="reviews" defaultValue={paged ? "reviews" : "details"} className="mt-16 scroll-mt-24">
      <Tabs.List aria-label="About this product" className="grid grid-cols-4 border-b border-border sm:flex sm:gap-1">
        <Tabs.Trigger value="details" className={tabClass}>
          Product Details
        </Tabs.Trigger>
        <Tabs.Trigger value="features" className={tabClass}>
          Features
        </Tabs.Trigger>
        <Tabs.Trigger value="reviews" className={tabClass}>
          Reviews ({formatWhole(product.reviewCount)})
        </Tabs.Trigger>
        <Tabs.Trigger value="faq" className={tabClass}>
          FAQ
        </Tabs.Trigger>
      </Tabs.List>
      <Tabs.Content value="details" className="py-6">
        <div className="grid gap-8 md:grid-cols-2">
          <div>
            <h2 className="text-lg font-semibold">What you get</h2>
            <ul className="mt-3 list-disc space-y-1 pl-5">
              {product.whatYouGet.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
            <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
              <dt className="text-muted-foreground">{product.files.length === 1 ? "File" : "Files"}</dt>
              <dd>
                <FileList files={product.files} />
              </dd>
              {sizes.length > 0 ? (
                <>
                  <dt className="text-muted-foreground">Includes</dt>
                  <dd>{sizes.join(" · ")}</dd>
                </>
              ) : null}
            </dl>
          </div>
          <div>
            <h2 className="text-lg font-semibold">Requirements</h2>
            <ul className="mt-3 list-disc space-y-1 pl-5">
              {REQUIREMENTS.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          </div>
        </div>
      </Tabs.Content>
      <Tabs.Content value="features" className="py-6">
        <ul className="list-disc space-y-1 pl-5">
          {product.features.map((feature) => (
            <li key={feature}>{feature}</li>
          ))}
        </ul>
      </Tabs.Content>
      <Tabs.Content value="reviews" className="py-6">
        <Reviews product={product} reviews={reviews} breakdown={breakdown} paged={paged} />
      </Tabs.Content>
      <Tabs.Content value="faq" className="py-6">
        <dl className="grid gap-6">
          {FAQ.map(({ question, answer }) => (
            <div key={question}>
              <dt className="font-semibold">{question}</dt>
              <dd className="mt-1 text-muted-foreground">{answer}</dd>
            </div>
          ))}
        </dl>
      </Tabs.Content>
    </Tabs.Root>
  );
}
