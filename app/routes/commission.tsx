import { ArrowRight, CreditCard, Headphones, type LucideIcon, Megaphone, Server } from "lucide-react";
import { Link } from "react-router";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Container, PageHeader, Section } from "~/components/ui/page";
import { formatPrice } from "~/lib/format";
import { pageMeta } from "~/lib/meta";
import {
  COMMISSION_EXAMPLES_CENTS,
  PAYOUT_DAY,
  PAYOUT_FUNDS_AVAILABLE,
  PAYOUT_METHODS,
  PAYOUT_MINIMUM_CENTS,
  PLATFORM_FEE_PERCENT,
  SELLER_SHARE_PERCENT,
} from "~/lib/shop-facts";
import type { Route } from "./+types/commission";

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

const feeCovers: { icon: LucideIcon; title: string; text: string }[] = [
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

const payoutFacts = [
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
          <section
            aria-label="Earnings examples table"
            // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard (WCAG 2.1.1).
            tabIndex={0}
            className="relative overflow-x-auto rounded-lg border border-border"
          >
            <table className="w-full text-sm sm:text-base">
              <caption className="sr-only">{`Seller earnings and platform fee for example sale prices at a ${SELLER_SHARE_PERCENT}/${PLATFORM_FEE_PERCENT} split`}</caption>
              <thead className="bg-muted">
                <tr>
                  <th scope="col" className="px-4 py-3 text-left font-semibold">
                    Sale price
                  </th>
                  <th scope="col" className="px-4 py-3 text-right font-semibold">
                    You earn ({SELLER_SHARE_PERCENT}%)
                  </th>
                  <th scope="col" className="px-4 py-3 text-right font-semibold">
                    Platform fee ({PLATFORM_FEE_PERCENT}%)
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-border tabular-nums">
                {examples.map((example) => (
                  <tr key={example.priceCents}>
                    <th scope="row" className="px-4 py-3 text-left font-medium">
                      {formatPrice(example.priceCents)}
                    </th>
                    <td className="px-4 py-3 text-right font-semibold text-success">
                      {formatPrice(example.sellerCents)}
                    </td>
                    <td className="px-4 py-3 text-right text-muted-foreground">{formatPrice(example.platformCents)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
        </Section>

        <Section title={`What the ${PLATFORM_FEE_PERCENT}% covers`}>
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            {feeCovers.map(({ icon: Icon, title, text }) => (
              <li key={title}>
                <Card className="h-full p-6">
                  <Icon aria-hidden="true" className="size-6 text-primary" />
                  <h3 className="mt-3 font-semibold">{title}</h3>
                  <p className="mt-1 text-sm text-muted-foreground">{text}</p>
                </Card>
              </li>
            ))}
          </ul>
        </Section>

        <Section title="Payout schedule">
          <Card className="p-6">
            <dl className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
              {payoutFacts.map((fact) => (
                <div key={fact.term}>
                  <dt className="text-sm text-muted-foreground">{fact.term}</dt>
                  <dd className="mt-1 font-semibold">{fact.detail}</dd>
                </div>
              ))}
            </dl>
          </Card>
          <div className="mt-6 flex flex-wrap gap-3">
            <Button asChild>
              <Link to="/become-seller">
                Become a seller <ArrowRight aria-hidden="true" />
              </Link>
            </Button>
            <Button asChild variant="outline">
              <Link to="/seller-resources">Seller resources</Link>
            </Button>
          </div>
        </Section>
      </Container>
    </>
  );
}
