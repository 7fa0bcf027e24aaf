import {
  APPEAL_REVIEW_TIME,
  APPEAL_WINDOW_DAYS,
  ENFORCEMENT_STEPS,
  SELLER_RESPONSE_HOURS,
} from "@shared/shop-facts.ts";
import { Ban, FileCheck, FileText, MessageCircle, Scale, ShieldCheck } from "lucide-react";
import { CallToActionCard } from "~/components/content/call-to-action";
import { type IconCard, IconCardGrid } from "~/components/content/icon-card-grid";
import { IconList } from "~/components/content/icon-list";
import { NumberedStepCards } from "~/components/content/numbered-steps";
import { TextLink } from "~/components/content/text-link";
import { Container, PageHeader, Section } from "~/components/ui/page";
import { pageMeta } from "~/lib/meta";
import { publicPageHeaders } from "~/lib/public-page";
import type { Route } from "./+types/guidelines";

// The same for every visitor: cached by the shop and by a CDN.
export const headers = publicPageHeaders;

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(
    matches,
    "Seller Guidelines",
    "The content rules every seller follows, what can't be sold, and how we enforce and review violations.",
  );

const APPEAL_LINK = "/contact?subject=Seller%20appeal";

const contentRules: IconCard[] = [
  {
    icon: ShieldCheck,
    title: "Sell only original work",
    text: "Everything you list must be created by you, and you must own the rights to sell it.",
  },
  {
    icon: Scale,
    title: "Respect others' rights",
    text: "No content that infringes copyrights, trademarks or anyone's likeness, including fonts and images you aren't licensed to resell.",
  },
  {
    icon: FileText,
    title: "List accurately",
    text: "Titles, descriptions, previews and file details must match exactly what the buyer downloads.",
  },
  {
    icon: FileCheck,
    title: "Deliver working files",
    text: "Files must open in the software you list, be complete, and be free of errors and hidden content.",
  },
  {
    icon: MessageCircle,
    title: "Respond to customers",
    text: `Reply to buyers' questions and problems within ${SELLER_RESPONSE_HOURS} hours.`,
  },
];

const prohibited = [
  "Work copied from other creators, or resell-rights and PLR content you didn't make yourself.",
  "Designs using brand logos, trademarked characters or celebrity likenesses without permission.",
  "Hateful, violent, sexually explicit or illegal content.",
  "Software, executables, or files containing malware or tracking code.",
  "Physical goods, services, or anything that isn't a downloadable digital product.",
  "Personal data or private information about other people.",
  "Fake reviews, misleading discounts, or listings that pretend to be another seller's.",
];

const enforcementSteps = ENFORCEMENT_STEPS.map((step) => ({ title: step.offence, text: step.consequence }));

export default function SellerGuidelines() {
  return (
    <>
      <PageHeader
        title="Seller Guidelines"
        lead="These rules keep our marketplace a place buyers trust. Every seller agrees to them when they open a shop."
      />
      <Container className="pb-12">
        <Section title="Content rules">
          <IconCardGrid items={contentRules} className="sm:grid-cols-2 lg:grid-cols-3" />
        </Section>

        <Section title="Prohibited items">
          <p className="mb-4 text-muted-foreground">We remove listings that include any of the following:</p>
          <IconList icon={Ban} tone="destructive" items={prohibited} />
        </Section>

        <Section title="Enforcement">
          <p className="mb-4 max-w-3xl text-muted-foreground">
            When a listing or shop breaks these guidelines, we tell you what the problem is and what to change. Repeated
            violations lead to stronger action:
          </p>
          <NumberedStepCards steps={enforcementSteps} tone="soft" className="md:grid-cols-3" />
        </Section>

        <Section title="Appeals">
          <CallToActionCard
            action={{ to: APPEAL_LINK, label: "Submit an appeal" }}
            rowFrom="md"
            contentClassName="max-w-2xl"
          >
            <p>
              Think we got it wrong? You can appeal any enforcement action within{" "}
              <span className="font-semibold">{APPEAL_WINDOW_DAYS} days</span> of our notice. Tell us which listing or
              decision you're appealing and why, with anything that supports your case, such as proof that you own the
              rights.
            </p>
            <p className="mt-2 text-muted-foreground">
              We review every appeal in {APPEAL_REVIEW_TIME} and email you our decision.
            </p>
          </CallToActionCard>
        </Section>

        <Section title="Report a listing">
          <p className="max-w-3xl text-muted-foreground">
            Seen something on our marketplace that breaks these rules, or found your own work being sold without
            permission? <TextLink to="/contact?subject=Report%20a%20listing">Let us know</TextLink> and we'll look into
            it.
          </p>
        </Section>
      </Container>
    </>
  );
}
