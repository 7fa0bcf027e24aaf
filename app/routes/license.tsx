import { formatDayUtc } from "@shared/format.ts";
import { LICENSE_TERMS, SEATS_MEANING } from "@shared/license-terms.ts";
import {
  LICENSE_TERMS_EFFECTIVE,
  LICENSE_TERMS_VERSION,
  LICENSE_TIER_NAMES,
  LICENSE_TIERS,
} from "@shared/license-tiers.ts";
import { CircleCheck, CircleX } from "lucide-react";
import { CallToActionCard } from "~/components/content/call-to-action";
import { IconList } from "~/components/content/icon-list";
import { LicenseComparisonTable } from "~/components/content/license-comparison";
import { Badge } from "~/components/ui/badge";
import { Card } from "~/components/ui/card";
import { Container, PageHeader, Section } from "~/components/ui/page";
import { pageMeta } from "~/lib/meta";
import { publicPageHeaders } from "~/lib/public-page";
import type { Route } from "./+types/license";

// The same for every visitor: cached by the shop and by a CDN.
export const headers = publicPageHeaders;

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(
    matches,
    "License Terms",
    "What the Personal, Commercial and Extended licenses let you do with the files you buy, and what each one does not allow.",
  );

const licenses = LICENSE_TIERS.map((tier) => ({ tier, name: LICENSE_TIER_NAMES[tier], ...LICENSE_TERMS[tier] }));

export default function LicenseTerms() {
  return (
    <>
      <PageHeader
        title="License Terms"
        lead="Every purchase comes with a license that says how you may use the files. Here is what each one covers."
      />
      <Container className="pb-12">
        <Section>
          <Card className="bg-primary-soft p-5">
            <p>
              <span className="font-semibold">Every purchase comes with a Personal license.</span> Where the creator
              offers them, you can choose a Commercial or Extended license on the product page, for use in your business
              or for products you sell, with as many seats as people who will use the files.
            </p>
            <p className="mt-2 text-sm text-muted-foreground">
              Terms version {LICENSE_TERMS_VERSION}, in effect since {formatDayUtc(LICENSE_TERMS_EFFECTIVE)}. A license
              keeps the version it was bought under, as its certificate on your order page says.
            </p>
          </Card>
        </Section>

        <Section title="Compare licenses">
          <LicenseComparisonTable />
        </Section>

        <Section title="License details">
          <div className="grid gap-6 lg:grid-cols-3">
            {licenses.map((license) => (
              <Card key={license.name} className="flex flex-col p-6">
                <div className="flex flex-wrap items-center gap-2">
                  <h3 className="text-xl font-semibold">{license.name} license</h3>
                  {license.tier === "personal" ? (
                    <Badge>Included</Badge>
                  ) : (
                    <Badge variant="neutral">Where offered</Badge>
                  )}
                </div>
                <p className="mt-2 text-muted-foreground">{license.summary}</p>
                <h4 className="mt-5 font-semibold">You may</h4>
                <IconList icon={CircleCheck} tone="success" size="sm" className="mt-2" items={license.may} />
                <h4 className="mt-5 font-semibold">You may not</h4>
                <IconList icon={CircleX} tone="destructive" size="sm" className="mt-2" items={license.mayNot} />
              </Card>
            ))}
          </div>
        </Section>

        <Section title="Good to know">
          <ul className="list-disc space-y-2 pl-5 text-muted-foreground">
            <li>
              Creators keep the copyright in their work. A license lets you use it; it doesn't transfer ownership.
            </li>
            <li>A license is for the buyer named on the order and can't be transferred or resold.</li>
            <li>A license has one or more seats. {SEATS_MEANING} Adding a product to your cart again adds a seat.</li>
            <li>
              Each license has a key and a certificate (PDF) naming you, the product, the license and its seats:
              download it from your order page.
            </li>
            <li>If a refund is issued, the license for that purchase ends.</li>
          </ul>
        </Section>

        <Section>
          <CallToActionCard
            title="Questions about a license?"
            action={{ to: "/contact?subject=License%20question", label: "Ask about licensing", variant: "outline" }}
            tone="plain"
          >
            <p className="mt-1 text-muted-foreground">
              Not sure whether a use is personal? Tell us which product and how you plan to use it, and we'll answer
              during support hours.
            </p>
          </CallToActionCard>
        </Section>
      </Container>
    </>
  );
}
