import {
  ArrowRight,
  BadgePercent,
  CalendarCheck,
  CircleCheck,
  CreditCard,
  LifeBuoy,
  type LucideIcon,
  Users,
  Zap,
} from "lucide-react";
import { Link } from "react-router";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Container, PageHeader, Section } from "~/components/ui/page";
import { formatPrice } from "~/lib/format";
import { pageMeta } from "~/lib/meta";
import {
  MARKETPLACE_STATS,
  PAYOUT_DAY,
  PAYOUT_MINIMUM_CENTS,
  PLATFORM_FEE_PERCENT,
  SELLER_RESPONSE_HOURS,
  SELLER_REVIEW_TIME,
  SELLER_SHARE_PERCENT,
  SELLER_STATS,
} from "~/lib/shop-facts";
import type { Route } from "./+types/become-seller";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(
    matches,
    "Become a Seller",
    `Sell your digital products on our marketplace, keep ${SELLER_SHARE_PERCENT}% of every sale and get paid weekly.`,
  );

const APPLY_LINK = "/contact?subject=Seller%20application";

const customers = MARKETPLACE_STATS.find((stat) => stat.label === "Customers")?.value;

const benefits: { icon: LucideIcon; title: string; text: string }[] = [
  {
    icon: BadgePercent,
    title: `Keep ${SELLER_SHARE_PERCENT}% of each sale`,
    text: `One flat rate on every sale: you keep ${SELLER_SHARE_PERCENT}%, our platform fee is ${PLATFORM_FEE_PERCENT}%.`,
  },
  {
    icon: CalendarCheck,
    title: "Weekly payouts",
    text: `Your earnings are paid every ${PAYOUT_DAY} once your balance reaches ${formatPrice(PAYOUT_MINIMUM_CENTS)}.`,
  },
  {
    icon: Zap,
    title: "Instant delivery, handled for you",
    text: "Buyers download your files the moment they pay. No emailing files, no waiting.",
  },
  {
    icon: CreditCard,
    title: "Secure checkout",
    text: "We take care of payments, receipts and refunds, so you can focus on making things.",
  },
  {
    icon: Users,
    title: "Shoppers ready to buy",
    text: customers
      ? `Reach ${customers} customers looking for planners, art, templates and courses.`
      : "Reach customers looking for planners, art, templates and courses.",
  },
  {
    icon: LifeBuoy,
    title: "Guides and support",
    text: "Practical guides on pricing, mockups and listings, and a support team that answers.",
  },
];

const steps = [
  { title: "Apply", text: "Tell us about yourself and share a few examples of your work." },
  { title: "Get approved", text: `We review every application; it takes ${SELLER_REVIEW_TIME}.` },
  { title: "List your products", text: "Upload your files, add previews, a clear description and a price." },
  {
    title: "Get paid weekly",
    text: `You keep ${SELLER_SHARE_PERCENT}% of each sale, paid out every ${PAYOUT_DAY}.`,
  },
];

const requirements = [
  "Original work that you created and own the rights to sell.",
  "High-quality files that open and work as described.",
  "Accurate titles, descriptions and previews.",
  `Replies to customer questions within ${SELLER_RESPONSE_HOURS} hours.`,
];

export default function BecomeSeller() {
  return (
    <>
      <PageHeader
        title="Become a Seller"
        lead={`Turn your planners, art, templates and courses into income. Keep ${SELLER_SHARE_PERCENT}% of every sale; we handle payments, delivery and support.`}
      >
        <div className="mt-6 flex flex-wrap gap-3">
          <Button asChild size="lg">
            <Link to={APPLY_LINK}>
              Apply to sell <ArrowRight aria-hidden="true" />
            </Link>
          </Button>
          <Button asChild size="lg" variant="outline">
            <Link to="/commission">See commission rates</Link>
          </Button>
        </div>
      </PageHeader>

      <Container className="pb-12">
        <Section title="Our sellers so far">
          <dl className="grid gap-4 sm:grid-cols-3">
            {SELLER_STATS.map((stat) => (
              <Card key={stat.label} className="flex flex-col p-6 text-center">
                <dt className="text-sm text-muted-foreground">{stat.label}</dt>
                <dd className="order-first text-3xl font-bold text-primary">{stat.value}</dd>
              </Card>
            ))}
          </dl>
        </Section>

        <Section title="Why sell with us">
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {benefits.map(({ icon: Icon, title, text }) => (
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

        <Section title="How it works">
          <ol className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            {steps.map((step, index) => (
              <li key={step.title}>
                <Card className="h-full p-6">
                  <span
                    aria-hidden="true"
                    className="flex size-9 items-center justify-center rounded-full bg-primary font-semibold text-primary-foreground"
                  >
                    {index + 1}
                  </span>
                  <h3 className="mt-3 font-semibold">{step.title}</h3>
                  <p className="mt-1 text-sm text-muted-foreground">{step.text}</p>
                </Card>
              </li>
            ))}
          </ol>
        </Section>

        <Section title="What we look for">
          <ul className="space-y-3">
            {requirements.map((requirement) => (
              <li key={requirement} className="flex gap-3">
                <CircleCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-success" />
                <span>{requirement}</span>
              </li>
            ))}
            <li className="flex gap-3">
              <CircleCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-success" />
              <span>
                Follow our{" "}
                <Link
                  to="/guidelines"
                  className="font-medium text-primary underline underline-offset-4 hover:no-underline"
                >
                  seller guidelines
                </Link>
                .
              </span>
            </li>
          </ul>
        </Section>

        <Section>
          <Card className="bg-primary-soft p-6 text-center sm:p-10">
            <h2 className="text-2xl font-semibold sm:text-3xl">Ready to start selling?</h2>
            <p className="mx-auto mt-2 max-w-xl text-muted-foreground">
              Applying takes a few minutes. We'll get back to you within {SELLER_REVIEW_TIME}.
            </p>
            <div className="mt-6 flex flex-wrap justify-center gap-3">
              <Button asChild size="lg">
                <Link to={APPLY_LINK}>
                  Apply to sell <ArrowRight aria-hidden="true" />
                </Link>
              </Button>
              <Button asChild size="lg" variant="outline">
                <Link to="/seller-resources">Seller resources</Link>
              </Button>
              <Button asChild size="lg" variant="outline">
                <Link to="/commission">Commission rates</Link>
              </Button>
            </div>
          </Card>
        </Section>
      </Container>
    </>
  );
}
