import { formatDayUtc, formatPrice } from "@shared/format.ts";
import { TERMS_UPDATED } from "@shared/privacy-notice.ts";
import {
  APPEAL_WINDOW_DAYS,
  ENFORCEMENT_STEPS,
  MONEY_BACK_GUARANTEE_DAYS,
  PAYOUT_DAY,
  PAYOUT_MINIMUM_CENTS,
  PLATFORM_FEE_PERCENT,
  SELLER_SHARE_PERCENT,
} from "@shared/shop-facts.ts";
import { TextLink } from "~/components/content/text-link";
import { DemoShopNotice, OwnerDetails } from "~/components/legal/owner-details";
import { Container, PageHeader, Section } from "~/components/ui/page";
import { legalPageData } from "~/lib/legal-pages.server";
import { pageMeta } from "~/lib/meta";
import { publicPageHeaders } from "~/lib/public-page";
import { pageLoader } from "~/lib/refusal.server";
import type { Route } from "./+types/terms";

// The same for every visitor: cached by the shop and by a CDN.
export const headers = publicPageHeaders;

export const loader = pageLoader(async ({ context }: Route.LoaderArgs) => legalPageData(context));

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(
    matches,
    "Terms of Service",
    "The terms for using our marketplace: your account, buying, licences and refunds, selling, and closing an account.",
  );

export default function TermsOfService({ loaderData }: Route.ComponentProps) {
  const { shopName, ownerName } = loaderData;
  return (
    <>
      <PageHeader
        title="Terms of Service"
        lead={`The terms for using ${shopName}: as a shopper, as a seller, and what each of us can expect.`}
      />
      <Container className="pb-12">
        <div className="max-w-4xl text-muted-foreground">
          <Section>
            <DemoShopNotice shopMode={loaderData.shopMode} />
            <p className="mt-4 text-sm">Last updated {formatDayUtc(TERMS_UPDATED)}.</p>
          </Section>

          <Section title="Who we are">
            <p className="mb-4">
              {shopName} is a marketplace{ownerName === shopName ? "" : ` run by ${ownerName}`}, where independent
              creators sell digital products (planners, wall art, templates, courses, e-books, printables). Each product
              is made and offered by its creator, whose shop is named on its page. By creating an account or buying, you
              agree to these terms.
            </p>
            <OwnerDetails {...loaderData} />
          </Section>

          <Section title="Your account">
            <ul className="list-disc space-y-2 pl-5">
              <li>Give your real name and an email address of your own, and keep your password to yourself.</li>
              <li>An account is for one person. You can buy as a guest without one.</li>
              <li>
                You can change your details in Settings, download your data, and delete your account at any time (see{" "}
                <TextLink to="/privacy">Privacy Policy</TextLink>).
              </li>
            </ul>
          </Section>

          <Section title="Buying">
            <ul className="list-disc space-y-2 pl-5">
              <li>
                Your cart shows the price of each item and any tax before you pay; you pay the total shown at checkout,
                through our payment provider.
              </li>
              <li>
                Once your payment is confirmed, your files are ready to download from your order page, and we email you
                a receipt with a link to it.
              </li>
              <li>
                Each purchase comes with a licence that says how you may use the files: read the{" "}
                <TextLink to="/license">License Terms</TextLink>. The creator keeps the copyright.
              </li>
              <li>
                Our <TextLink to="/refund-policy">Refund Policy</TextLink> gives a {MONEY_BACK_GUARANTEE_DAYS}-day
                money-back guarantee for files that don't work or aren't as described.
              </li>
              <li>
                If you buy as a consumer, you keep every right the consumer law of your country gives you, including the
                rules on digital content and on withdrawing from a purchase made online; nothing in these terms takes
                them away.
              </li>
            </ul>
          </Section>

          <Section title="Reviews and reports">
            <p>
              Reviews are for buyers' own experience of a product. Don't post anything unlawful, or anyone else's
              personal data. If a listing breaks the law or our rules, report it from its product page.
            </p>
          </Section>

          <Section title="Selling">
            <ul className="list-disc space-y-2 pl-5">
              <li>
                To sell, <TextLink to="/become-seller">apply</TextLink> and follow our{" "}
                <TextLink to="/guidelines">Seller Guidelines</TextLink>. You must have the rights to everything you
                sell, and you answer for your products and what their pages say.
              </li>
              <li>
                You keep {SELLER_SHARE_PERCENT}% of each sale; the platform's fee is {PLATFORM_FEE_PERCENT}% (see{" "}
                <TextLink to="/commission">Commission Rates</TextLink>). A refunded sale's share comes back off your
                balance.
              </li>
              <li>
                We pay out on {PAYOUT_DAY}s when your balance is at least {formatPrice(PAYOUT_MINIMUM_CENTS)}. Before
                your first payout we ask for your tax details, which the law obliges marketplaces to collect and report.
              </li>
              <li>
                If a shop breaks the rules:{" "}
                {ENFORCEMENT_STEPS.map((step) => `${step.offence.toLowerCase()}, ${asClause(step.consequence)}`).join(
                  "; ",
                )}
                . You can appeal each decision within {APPEAL_WINDOW_DAYS} days from your dashboard.
              </li>
            </ul>
          </Section>

          <Section title="Closing an account">
            <p>
              You can delete your account in Settings. If you sell, your shop closes with it: your products come off
              sale, while buyers keep their downloads and licences. The records of sales that the law obliges us to keep
              stay, as the <TextLink to="/privacy">Privacy Policy</TextLink> explains.
            </p>
          </Section>

          <Section title="Changes to these terms">
            <p>
              When we change these terms, we change the date at the top of this page. A licence keeps the terms it was
              bought under.
            </p>
          </Section>
        </div>
      </Container>
    </>
  );
}

/** A sentence of shop-facts.ts as a clause of a longer one: "A warning." as "a warning". */
function asClause(sentence: string): string {
  return sentence.charAt(0).toLowerCase() + sentence.slice(1).replace(/\.$/, "");
}
