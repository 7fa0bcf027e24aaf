import { ORDER_LOOKUP_PATH } from "@shared/order-link.ts";
import { MONEY_BACK_GUARANTEE_DAYS, REFUND_PROCESSING, REFUND_REVIEW_HOURS } from "@shared/shop-facts.ts";
import { CircleCheck, CircleX, Clock, CreditCard, Receipt, ShieldCheck } from "lucide-react";
import { CallToActionCard } from "~/components/content/call-to-action";
import { IconList } from "~/components/content/icon-list";
import { NumberedStepList, type Step } from "~/components/content/numbered-steps";
import { TextLink } from "~/components/content/text-link";
import { Card } from "~/components/ui/card";
import { Container, PageHeader, Section } from "~/components/ui/page";
import { pageMeta } from "~/lib/meta";
import { publicPageHeaders } from "~/lib/public-page";
import type { Route } from "./+types/refund-policy";

// The same for every visitor: cached by the shop and by a CDN.
export const headers = publicPageHeaders;

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(
    matches,
    "Refund Policy",
    `Our ${MONEY_BACK_GUARANTEE_DAYS}-day money-back guarantee: what qualifies for a refund and how to request one.`,
  );

// Refunds are asked for on the order itself (its Request a refund), where we answer too.
const MY_ORDERS = "/account/orders";

const highlights = [
  { icon: ShieldCheck, label: "Money-back guarantee", value: `${MONEY_BACK_GUARANTEE_DAYS} days` },
  { icon: Clock, label: "Request reviewed within", value: `${REFUND_REVIEW_HOURS} hours` },
  { icon: CreditCard, label: "Refund processed in", value: REFUND_PROCESSING },
];

const qualifies = [
  {
    title: "The file doesn't work",
    text: "It is corrupted, won't open in the software listed on the product page, or won't download.",
  },
  {
    title: "It isn't as described",
    text: "What you received is materially different from the product's title, description, previews or listed contents.",
  },
  {
    title: "You bought it twice",
    text: "A duplicate purchase of the same product by mistake. We refund the extra copy.",
  },
];

const doesNotQualify = [
  "A change of mind after downloading a file that works and matches its description.",
  `Requests made more than ${MONEY_BACK_GUARANTEE_DAYS} days after purchase.`,
  "Not having the software the product page says you need (for example Photoshop for a PSD file).",
  "Differences in printed colour caused by your printer, paper or screen settings.",
  "Purchases used in breach of the license terms.",
];

const steps: Step[] = [
  {
    title: "Request a refund on your order",
    text: (
      <>
        Open the order: in <TextLink to={MY_ORDERS}>My Orders</TextLink> if you have an account, or through the link in
        your receipt email if you checked out as a guest (lost it?{" "}
        <TextLink to={ORDER_LOOKUP_PATH}>Ask for a new link to your order</TextLink>). Choose Request a refund under the
        item and tell us in a few words what went wrong.
      </>
    ),
  },
  {
    title: "We review your request",
    text: `We decide within ${REFUND_REVIEW_HOURS} hours and email you the answer; your order page shows it too. If we can't approve a refund, we tell you why, and you keep the item and its files.`,
  },
  {
    title: "You get your money back",
    text: `Once approved, the item's price and its share of the tax go back to your original payment method within ${REFUND_PROCESSING}. Your bank may take a little longer to show it.`,
  },
];

export default function RefundPolicy() {
  return (
    <>
      <PageHeader
        title="Refund Policy"
        lead={`Every purchase on our marketplace is covered by a ${MONEY_BACK_GUARANTEE_DAYS}-day money-back guarantee. If something is wrong with your files, we'll make it right.`}
      />
      <Container className="pb-12">
        <div className="max-w-4xl">
          <Section title="Our guarantee at a glance">
            <dl className="grid gap-4 sm:grid-cols-3">
              {highlights.map(({ icon: Icon, label, value }) => (
                <Card key={label} className="p-5">
                  <dt className="text-sm text-muted-foreground">
                    <Icon aria-hidden="true" className="mb-3 size-6 text-primary" />
                    {label}
                  </dt>
                  <dd className="text-xl font-semibold">{value}</dd>
                </Card>
              ))}
            </dl>
          </Section>

          <Section title="What qualifies for a refund">
            <p className="mb-4 text-muted-foreground">
              Within {MONEY_BACK_GUARANTEE_DAYS} days of purchase, we refund the full price when:
            </p>
            <IconList
              icon={CircleCheck}
              tone="success"
              className="space-y-4"
              items={qualifies.map((item) => ({
                key: item.title,
                content: (
                  <>
                    <span className="font-medium">{item.title}.</span>{" "}
                    <span className="text-muted-foreground">{item.text}</span>
                  </>
                ),
              }))}
            />
          </Section>

          <Section title="What doesn't qualify">
            <p className="mb-4 text-muted-foreground">
              Digital files can't be returned once downloaded, so we can't offer refunds for:
            </p>
            <IconList icon={CircleX} tone="destructive" items={doesNotQualify} />
          </Section>

          <Section title="How to request a refund">
            <NumberedStepList steps={steps} tone="soft" />
          </Section>

          <Section title="After a refund">
            <p className="text-muted-foreground">
              When a refund is issued, the refunded item's files can no longer be downloaded and the license that came
              with it ends. Please delete any copies of the files you downloaded.
            </p>
          </Section>

          <Section>
            <CallToActionCard
              title="Something wrong with your order?"
              action={{ to: MY_ORDERS, label: "Go to My Orders", icon: Receipt }}
            >
              <p className="mt-1 text-muted-foreground">
                Request a refund on the order; we review every request within {REFUND_REVIEW_HOURS} hours.
              </p>
            </CallToActionCard>
          </Section>
        </div>
      </Container>
    </>
  );
}
