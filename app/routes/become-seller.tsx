import { getCurrentUser } from "@server/accounts/current-user.ts";
import { sellerPageFigures } from "@server/catalogue/shop-figures.ts";
import { servicesContext } from "@server/http/context.ts";
import { Refusal } from "@server/lib/refusal.ts";
import { applyToSell, latestApplication } from "@server/sellers/applications.ts";
import { formatPrice } from "@shared/format.ts";
import { sellerApplicationSchema } from "@shared/seller-application-schema.ts";
import {
  PAYOUT_DAY,
  PAYOUT_MINIMUM_CENTS,
  PLATFORM_FEE_PERCENT,
  SELLER_RESPONSE_HOURS,
  SELLER_REVIEW_TIME,
  SELLER_SHARE_PERCENT,
} from "@shared/shop-facts.ts";
import { BadgePercent, CalendarCheck, CircleCheck, CreditCard, LifeBuoy, Users, Zap } from "lucide-react";
import { data } from "react-router";
import { CallToActionLinks } from "~/components/content/call-to-action";
import { type IconCard, IconCardGrid } from "~/components/content/icon-card-grid";
import { IconList } from "~/components/content/icon-list";
import { NumberedStepCards } from "~/components/content/numbered-steps";
import { TextLink } from "~/components/content/text-link";
import { ApplicationSection } from "~/components/sellers/application-section";
import { Card } from "~/components/ui/card";
import { Container, PageHeader, Section } from "~/components/ui/page";
import { parseSubmission, readForm } from "~/lib/form.server";
import { pageMeta } from "~/lib/meta";
import { formAction, pageLoader } from "~/lib/refusal.server";
import type { Route } from "./+types/become-seller";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(
    matches,
    "Become a Seller",
    `Sell your digital products on our marketplace, keep ${SELLER_SHARE_PERCENT}% of every sale and get paid weekly.`,
  );

const apply = { to: "#apply", label: "Apply to sell" };

export const loader = pageLoader(async ({ request, context }: Route.LoaderArgs) => {
  const { db, auth, shopMode } = context.get(servicesContext);
  const user = await getCurrentUser(auth, request.headers);
  const [application, figures] = await Promise.all([
    user ? latestApplication(db, user.id) : null,
    sellerPageFigures(db, shopMode),
  ]);
  return {
    figures,
    signedIn: Boolean(user),
    isSeller: user?.isSeller ?? false,
    application: application && {
      status: application.status,
      shopName: application.shopName,
      rejectionReason: application.rejectionReason,
    },
  };
});

/** POST: the signed-in user's application to sell. */
export const action = formAction(async ({ request, context }: Route.ActionArgs) => {
  const services = context.get(servicesContext);
  const user = await getCurrentUser(services.auth, request.headers);
  if (!user) throw new Refusal("Please sign in to apply.", "unauthenticated");
  const submission = parseSubmission(await readForm(request), sellerApplicationSchema);
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  await applyToSell(services, user, submission.value);
  return { ok: true as const, message: "Thank you! Your application was sent." };
});

/** `customers`: the shop's count of them ("25K+"), or null where it states none. */
const benefitsFor = (customers: string | null): IconCard[] => [
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
  {
    key: "guidelines",
    content: (
      <>
        Follow our <TextLink to="/guidelines">seller guidelines</TextLink>.
      </>
    ),
  },
];

export default function BecomeSeller({ loaderData, actionData }: Route.ComponentProps) {
  const { figures, ...application } = loaderData;
  return (
    <>
      <PageHeader
        title="Become a Seller"
        lead={`Turn your planners, art, templates and courses into income. Keep ${SELLER_SHARE_PERCENT}% of every sale; we handle payments, delivery and support.`}
      >
        <CallToActionLinks
          primary={apply}
          secondary={[{ to: "/commission", label: "See commission rates" }]}
          size="lg"
        />
      </PageHeader>

      <Container className="pb-12">
        {figures.sellerStats.length > 0 ? (
          <Section title="Our sellers so far">
            <dl className="grid gap-4 sm:grid-cols-3">
              {figures.sellerStats.map((stat) => (
                <Card key={stat.label} className="flex flex-col p-6 text-center">
                  <dt className="text-sm text-muted-foreground">{stat.label}</dt>
                  <dd className="order-first text-3xl font-bold text-primary">{stat.value}</dd>
                </Card>
              ))}
            </dl>
          </Section>
        ) : null}

        <Section title="Why sell with us">
          <IconCardGrid items={benefitsFor(figures.customers)} className="sm:grid-cols-2 lg:grid-cols-3" />
        </Section>

        <Section title="How it works">
          <NumberedStepCards steps={steps} tone="strong" className="sm:grid-cols-2 lg:grid-cols-4" />
        </Section>

        <Section title="What we look for">
          <IconList icon={CircleCheck} tone="success" items={requirements} />
        </Section>

        <Section>
          <ApplicationSection {...application} answer={actionData} />
          <CallToActionLinks
            primary={{ to: "/seller-resources", label: "Seller resources" }}
            secondary={[{ to: "/commission", label: "Commission rates" }]}
            className="mt-6"
          />
        </Section>
      </Container>
    </>
  );
}
