import { formatPrice } from "@shared/format.ts";
import {
  PAYOUT_DAY,
  PAYOUT_FUNDS_AVAILABLE,
  PAYOUT_METHODS,
  PAYOUT_MINIMUM_CENTS,
  SELLER_RESPONSE_HOURS,
  SELLER_SHARE_PERCENT,
} from "@shared/shop-facts.ts";
import {
  ArrowRight,
  BadgeDollarSign,
  Braces,
  Camera,
  FileArchive,
  type LucideIcon,
  PenLine,
  ScrollText,
  Search,
  Wallet,
} from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { type Fact, FactList } from "~/components/content/fact-list";
import { Badge } from "~/components/ui/badge";
import { Card } from "~/components/ui/card";
import { Container, PageHeader, Section } from "~/components/ui/page";
import { pageMeta } from "~/lib/meta";
import { publicPageHeaders } from "~/lib/public-page";
import type { Route } from "./+types/seller-resources";

// The same for every visitor: cached by the shop and by a CDN.
export const headers = publicPageHeaders;

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(
    matches,
    "Seller Resources",
    "Guides on mockups, pricing, descriptions, file preparation and tags, plus how payouts work.",
  );

/** The file formats a product can be listed in (the Format filter). */
const ACCEPTED_FORMATS = ["PDF", "PNG", "SVG", "JPG", "PSD", "AI", "Video"] as const;

const guides: { icon: LucideIcon; title: string; tips: string[]; extra?: ReactNode }[] = [
  {
    icon: Camera,
    title: "Product photos and mockups",
    tips: [
      "Lead with a mockup that shows the product in use: the planner on a tablet, the print framed on a wall.",
      "Add close-ups of inside pages, details and every colour variation you include.",
      "Use bright, even light and the same image ratio for all previews so your listing looks consistent.",
      "Only show what the buyer actually gets; props and frames should be clearly decorative.",
    ],
  },
  {
    icon: BadgeDollarSign,
    title: "Pricing your products",
    tips: [
      "Look at similar products in your category and price for the value and time you save buyers.",
      "Bundles sell well: group related items at a price below buying them one by one.",
      "Occasional sales, shown against the original price, bring attention to new listings.",
      `Remember you keep ${SELLER_SHARE_PERCENT}% of the price: check the commission table before you set it.`,
    ],
  },
  {
    icon: PenLine,
    title: "Writing descriptions",
    tips: [
      "Open with what the buyer gets and who it's for, in one or two sentences.",
      "List the contents: file formats, sizes or dimensions, page counts, course length.",
      "Say which software or app is needed to open and edit the files.",
      'Be accurate: "not as described" is one of the reasons a buyer can get a refund.',
    ],
  },
  {
    icon: FileArchive,
    title: "Preparing your files",
    tips: [
      "Export printables at 300 DPI and in the sizes you advertise.",
      "Name files clearly and group several files into one ZIP archive.",
      "Include a short instructions file: how to open, print or import the product.",
      "Open every file on a second device before you upload it.",
    ],
    extra: (
      <div className="mt-4">
        <h4 className="text-sm font-semibold">Accepted formats</h4>
        <ul className="mt-2 flex flex-wrap gap-2">
          {ACCEPTED_FORMATS.map((format) => (
            <li key={format}>
              <Badge variant="neutral">{format}</Badge>
            </li>
          ))}
        </ul>
      </div>
    ),
  },
  {
    icon: Search,
    title: "SEO and tags",
    tips: [
      'Put the words shoppers search for in your title: "weekly digital planner", not "Plan Better Vol. 2".',
      "Add specific tags for style, use and format, such as boho, wedding or Canva template.",
      "Your first two tags appear on product cards, so put the most important ones first.",
      "Pick the category that fits best; keyword stuffing hurts more than it helps.",
    ],
  },
];

const payoutFacts: Fact[] = [
  { term: "Payout schedule", detail: `Weekly, every ${PAYOUT_DAY}` },
  { term: "Minimum payout", detail: `${formatPrice(PAYOUT_MINIMUM_CENTS)}; smaller balances roll over to next week` },
  { term: "Funds available", detail: `${PAYOUT_FUNDS_AVAILABLE} after the payout is sent` },
];

const moreLinks = [
  {
    to: "/commission",
    icon: Wallet,
    title: "Commission rates",
    text: "What you earn per sale and what the fee covers.",
  },
  {
    to: "/guidelines",
    icon: ScrollText,
    title: "Seller guidelines",
    text: "The rules every shop on our marketplace follows.",
  },
  {
    to: "/developers/api",
    icon: Braces,
    title: "Seller API",
    text: "Your products, sales and payouts for your own tools, with an API key.",
  },
];

export default function SellerResources() {
  return (
    <>
      <PageHeader
        title="Seller Resources"
        lead="Practical advice for listings that sell, and everything you need to know about getting paid."
      />
      <Container className="pb-12">
        <Section title="Guides">
          <div className="grid gap-6 md:grid-cols-2">
            {guides.map(({ icon: Icon, title, tips, extra }) => (
              <Card key={title} className="p-6">
                <h3 className="flex items-center gap-2 text-lg font-semibold">
                  <Icon aria-hidden="true" className="size-5 text-primary" /> {title}
                </h3>
                <ul className="mt-3 list-disc space-y-2 pl-5 text-sm text-muted-foreground">
                  {tips.map((tip) => (
                    <li key={tip}>{tip}</li>
                  ))}
                </ul>
                {extra}
              </Card>
            ))}
          </div>
        </Section>

        <Section title="Getting paid">
          <Card className="p-6">
            <FactList facts={payoutFacts} className="sm:grid-cols-3" />
            <h3 className="mt-6 font-semibold">Payout methods</h3>
            <ul className="mt-2 flex flex-wrap gap-2">
              {PAYOUT_METHODS.map((method) => (
                <li key={method}>
                  <Badge>{method}</Badge>
                </li>
              ))}
            </ul>
            <p className="mt-4 text-sm text-muted-foreground">
              Keep your payout details up to date and reply to buyers within {SELLER_RESPONSE_HOURS} hours: good service
              means fewer refunds and more repeat customers.
            </p>
          </Card>
        </Section>

        <Section title="More for sellers">
          <ul className="grid gap-4 sm:grid-cols-2">
            {moreLinks.map(({ to, icon: Icon, title, text }) => (
              <li key={to}>
                <Link
                  to={to}
                  className="group flex h-full items-start gap-4 rounded-lg border border-border bg-card p-5 shadow-sm hover:shadow-md"
                >
                  <Icon aria-hidden="true" className="mt-0.5 size-6 shrink-0 text-primary" />
                  <span>
                    <span className="flex items-center gap-1 font-semibold group-hover:text-primary">
                      {title} <ArrowRight aria-hidden="true" className="size-4" />
                    </span>
                    <span className="mt-1 block text-sm text-muted-foreground">{text}</span>
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </Section>
      </Container>
    </>
  );
}
