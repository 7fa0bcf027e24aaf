import { formatPrice } from "@shared/format.ts";
import {
  COMMISSION_EXAMPLES_CENTS,
  PAYOUT_DAY,
  PAYOUT_FUNDS_AVAILABLE,
  PAYOUT_METHODS,
  PAYOUT_MINIMUM_CENTS,
  PLATFORM_FEE_PERCENT,
  SELLER_SHARE_PERCENT,
} from "@shared/shop-facts.ts";
import { CreditCard, Headphones, Megaphone, Server } from "lucide-react";
import { CallToActionLinks } from "~/components/content/call-to-action";
import { type Fact, FactList } from "~/components/content/fact-list";
import { type IconCard, IconCardGrid } from "~/components/content/icon-card-grid";
import { type Column, ScrollTable } from "~/components/content/scroll-table";
import { Card } from "~/components/ui/card";
import { Container, PageHeader, Section } from "~/components/ui/page";
import { pageMeta } from "~/lib/meta";
import { publicPageHeaders } from "~/lib/public-page";
import type { Route } from "./+types/commission";

// The same for every visitor: cached by the shop and by a CDN.
export const headers = publicPageHeaders;

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(
    matches,
    "Commission Rates",
    `Sellers keep ${SELLER_SHARE_PERCENT}% of every sale; the ${PLATFORM_FEE_PERCENT}% platform fee covers payments, hosting, marketing and support.`,
  );

/** Split a sale price in integer cents: the seller's share is rounded to the cent, the platform gets the rest. */
function splitSale(priceCents: number) {
  const sellerCents = Math.round((priceCents * SELLER_SHARE_PERCENT) / 100);
  return { priceCents, sellerCents, platformCents: priceCents - sellerCents };
}

const examples = COMMISSION_EXAMPLES_CENTS.map(splitSale);

const earningsColumns: Column[] = [
  { label: "Sale price" },
  { label: `You earn (${SELLER_SHARE_PERCENT}%)`, align: "right" },
  { label: `Platform fee (${PLATFORM_FEE_PERCENT}%)`, align: "right" },
];

const feeCovers: IconCard[] = [
  {
    icon: CreditCard,
    title: "Payment processing",
    text: "Secure checkout, card and wallet fees, receipts and refunds.",
  },
  {
    icon: Server,
    title: "Hosting and delivery",
    text: "Storage for your files and instant, reliable downloads for buyers.",
  },
  {
    icon: Megaphone,
    title: "Marketing",
    text: "Search, categories, trending lists and promotion that bring shoppers in.",
  },
  { icon: Headphones, title: "Support", text: "A support team that helps your customers and you." },
];

const payoutFacts: Fact[] = [
  { term: "Payout schedule", detail: `Weekly, every ${PAYOUT_DAY}` },
  { term: "Minimum payout", detail: formatPrice(PAYOUT_MINIMUM_CENTS) },
  { term: "Funds available", detail: `${PAYOUT_FUNDS_AVAILABLE} after payout` },
  { term: "Payout methods", detail: PAYOUT_METHODS.join(", ") },
];

function Share({ percent, label, highlight }: { percent: number; label: string; highlight?: boolean }) {
  return (
    <Card className={`flex flex-col p-6 text-center ${highlight ? "border-primary bg-primary-soft" : ""}`}>
      <dt className="text-muted-foreground">{label}</dt>
      <dd className={`order-first text-5xl font-bold ${highlight ? "text-primary" : ""}`}>{percent}%</dd>
    </Card>
  );
}

export default function CommissionRates() {
  return (
    <>
      <PageHeader
        title="Commission Rates"
        lead={`One simple rate on every sale: you keep ${SELLER_SHARE_PERCENT}% of the price, and our ${PLATFORM_FEE_PERCENT}% platform fee covers everything it takes to sell online.`}
      />
      <Container className="pb-12">
        <Section title="How each sale is split">
          <dl className="grid gap-4 sm:grid-cols-2">
            <Share percent={SELLER_SHARE_PERCENT} label="You keep" highlight />
            <Share percent={PLATFORM_FEE_PERCENT} label="Platform fee" />
          </dl>
          <p className="mt-4 text-sm text-muted-foreground">
            Commission is calculated on the product price, before sales tax. Your share is rounded to the nearest cent.
          </p>
        </Section>

        <Section title="What you earn">
          <ScrollTable
            label="Earnings examples table"
            caption={`Seller earnings and platform fee for example sale prices at a ${SELLER_SHARE_PERCENT}/${PLATFORM_FEE_PERCENT} split`}
            columns={earningsColumns}
            className="text-sm sm:text-base"
            bodyClassName="tabular-nums"
          >
            {examples.map((example) => (
              <tr key={example.priceCents}>
                <th scope="row" className="px-4 py-3 text-left font-medium">
                  {formatPrice(example.priceCents)}
                </th>
                <td className="px-4 py-3 text-right font-semibold text-success">{formatPrice(example.sellerCents)}</td>
                <td className="px-4 py-3 text-right text-muted-foreground">{formatPrice(example.platformCents)}</td>
              </tr>
            ))}
          </ScrollTable>
        </Section>

        <Section title={`What the ${PLATFORM_FEE_PERCENT}% covers`}>
          <IconCardGrid items={feeCovers} className="sm:grid-cols-2 lg:grid-cols-4" />
        </Section>

        <Section title="Payout schedule">
          <Card className="p-6">
            <FactList facts={payoutFacts} className="sm:grid-cols-2 lg:grid-cols-4" />
          </Card>
          <CallToActionLinks
            primary={{ to: "/become-seller", label: "Become a seller" }}
            secondary={[{ to: "/seller-resources", label: "Seller resources" }]}
          />
        </Section>
      </Container>
    </>
  );
}
