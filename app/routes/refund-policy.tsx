import { CircleCheck, CircleX, Clock, CreditCard, Mail, ShieldCheck } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { Button } from "~/components/ui/button";
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

const steps: { title: string; body: ReactNode }[] = [
  {
    title: "Contact us",
    body: (
      <>
        Send us a message through the{" "}
        <Link to={REFUND_CONTACT} className="font-medium text-primary underline underline-offset-4 hover:no-underline">
          contact page
        </Link>{" "}
        with your order number, the email you used at checkout, the product, and what went wrong. Screenshots help us
        sort it out faster.
      </>
    ),
  },
  {
    title: "We review your request",
    body: `We reply within ${REFUND_REVIEW_HOURS} hours. If the problem is one we can fix, such as a broken download link, we'll offer that first, and you can still choose a refund.`,
  },
  {
    title: "You get your money back",
    body: `Once approved, the refund goes back to your original payment method within ${REFUND_PROCESSING}. Your bank may take a little longer to show it.`,
  },
];

function ListItem({ ok, children }: { ok: boolean; children: ReactNode }) {
  const Icon = ok ? CircleCheck : CircleX;
  return (
    <li className="flex gap-3">
      <Icon aria-hidden="true" className={`mt-0.5 size-5 shrink-0 ${ok ? "text-success" : "text-destructive"}`} />
      <div>{children}</div>
    </li>
  );
}

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
            <ul className="space-y-4">
              {qualifies.map((item) => (
                <ListItem key={item.title} ok>
                  <span className="font-medium">{item.title}.</span>{" "}
                  <span className="text-muted-foreground">{item.text}</span>
                </ListItem>
              ))}
            </ul>
          </Section>

          <Section title="What doesn't qualify">
            <p className="mb-4 text-muted-foreground">
              Digital files can't be returned once downloaded, so we can't offer refunds for:
            </p>
            <ul className="space-y-3">
              {doesNotQualify.map((item) => (
                <ListItem key={item} ok={false}>
                  {item}
                </ListItem>
              ))}
            </ul>
          </Section>

          <Section title="How to request a refund">
            <ol className="space-y-4">
              {steps.map((step, index) => (
                <li key={step.title} className="flex gap-4">
                  <span
                    aria-hidden="true"
                    className="flex size-8 shrink-0 items-center justify-center rounded-full bg-primary-soft font-semibold text-primary"
                  >
                    {index + 1}
                  </span>
                  <div className="pt-1">
                    <h3 className="font-semibold">{step.title}</h3>
                    <p className="mt-1 text-muted-foreground">{step.body}</p>
                  </div>
                </li>
              ))}
            </ol>
          </Section>

          <Section title="After a refund">
            <p className="text-muted-foreground">
              When a refund is issued, the download links for that order stop working and the license that came with the
              purchase ends. Please delete any copies of the files you downloaded.
            </p>
          </Section>

          <Section>
            <Card className="flex flex-col gap-4 bg-primary-soft p-6 sm:flex-row sm:items-center sm:justify-between">
              <div>
                <h2 className="text-xl font-semibold">Something wrong with your order?</h2>
                <p className="mt-1 text-muted-foreground">
                  Tell us what happened; we review every request within {REFUND_REVIEW_HOURS} hours.
                </p>
              </div>
              <Button asChild className="self-start sm:self-center">
                <Link to={REFUND_CONTACT}>
                  <Mail aria-hidden="true" /> Request a refund
                </Link>
              </Button>
            </Card>
          </Section>
        </div>
      </Container>
    </>
  );
}
