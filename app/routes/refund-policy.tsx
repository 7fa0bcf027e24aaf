import { CircleCheck, CircleX, Clock, CreditCard, Mail, ShieldCheck } from "lucide-react";
import { CallToActionCard } from "~/components/content/call-to-action";
import { IconList } from "~/components/content/icon-list";
import { NumberedStepList, type Step } from "~/components/content/numbered-steps";
import { TextLink } from "~/components/content/text-link";
import { Card } from "~/components/ui/card";
import { Container, PageHeader, Section } from "~/components/ui/page";
import { pageMeta } from "~/lib/meta";
import { MONEY_BACK_GUARANTEE_DAYS, REFUND_PROCESSING, REFUND_REVIEW_HOURS } from "~/lib/shop-facts";
import type { Route } from "./+types/refund-policy";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(
    matches,
    "Refund Policy",
    `Our ${MONEY_BACK_GUARANTEE_DAYS}-day money-back guarantee: what qualifies for a refund and how to request one.`,
  );

const REFUND_CONTACT = "/contact?subject=Refund%20request";

const highlights = [
  { icon: ShieldCheck, label: "Money-back guarantee", value: `${MONEY_BACK_GUARANTEE_DAYS} days` },
  { icon: Clock, label: "Request reviewed within", value: `${REFUND_REVIEW_HOURS} hours` },
  { icon: CreditCard, label: "Refund processed in", value: REFUND_PROCESSING },
];

const qualifies = [
  {
    title: "The file doesn't work",
    text: "It is corrupted, won't open in the software listed on the product page, or won't download, and we can't fix it for you.",
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
    title: "Contact us",
    text: (
      <>
        Send us a message through the <TextLink to={REFUND_CONTACT}>contact page</TextLink> with your order number, the
        email you used at checkout, the product, and what went wrong. Screenshots help us sort it out faster.
      </>
    ),
  },
  {
    title: "We review your request",
    text: `We reply within ${REFUND_REVIEW_HOURS} hours. If the problem is one we can fix, such as a broken download link, we'll offer that first, and you can still choose a refund.`,
  },
  {
    title: "You get your money back",
    text: `Once approved, the refund goes back to your original payment method within ${REFUND_PROCESSING}. Your bank may take a little longer to show it.`,
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
              When a refund is issued, the download links for that order stop working and the license that came with the
              purchase ends. Please delete any copies of the files you downloaded.
            </p>
          </Section>

          <Section>
            <CallToActionCard
              title="Something wrong with your order?"
              action={{ to: REFUND_CONTACT, label: "Request a refund", icon: Mail }}
            >
              <p className="mt-1 text-muted-foreground">
                Tell us what happened; we review every request within {REFUND_REVIEW_HOURS} hours.
              </p>
            </CallToActionCard>
          </Section>
        </div>
      </Container>
    </>
  );
}
