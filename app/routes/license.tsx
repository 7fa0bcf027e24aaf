import { Check, CircleCheck, CircleX, X } from "lucide-react";
import { CallToActionCard } from "~/components/content/call-to-action";
import { IconList } from "~/components/content/icon-list";
import { type Column, ScrollTable } from "~/components/content/scroll-table";
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
    "What the Personal license that comes with every purchase lets you do, and what the Commercial and Extended licenses will cover.",
  );

type LicenseName = "Personal" | "Commercial" | "Extended";

const licenseNames: LicenseName[] = ["Personal", "Commercial", "Extended"];

// Each row: a use, and the licenses that allow it.
const comparison: { use: string; allowedBy: LicenseName[] }[] = [
  { use: "Personal projects, your home and gifts", allowedBy: ["Personal", "Commercial", "Extended"] },
  { use: "Print as many copies as you need for yourself", allowedBy: ["Personal", "Commercial", "Extended"] },
  { use: "Client work and use in your business", allowedBy: ["Commercial", "Extended"] },
  { use: "Marketing, social media and websites", allowedBy: ["Commercial", "Extended"] },
  { use: "Sell end products where the design is one part", allowedBy: ["Commercial", "Extended"] },
  { use: "Sell products where the design is the main feature", allowedBy: ["Extended"] },
  { use: "Resell, share or give away the original files", allowedBy: [] },
];

const comparisonColumns: Column[] = [
  { label: "Use" },
  ...licenseNames.map((name): Column => ({ label: name, align: "center" })),
];

// Every purchase today comes with the Personal license; Commercial and Extended are not sold yet
// (order_items.license_type is always "personal").
const licenses: { name: LicenseName; summary: string; may: string[]; mayNot: string[] }[] = [
  {
    name: "Personal",
    summary: "For your own non-commercial use. Included with every purchase.",
    may: [
      "Use the files for yourself: planning, studying, decorating your home.",
      "Print copies for your own use, at home or at a print shop.",
      "Edit and customise the files for your own projects.",
      "Make a printed gift for friends or family, as long as you don't charge for it.",
    ],
    mayNot: [
      "Use the files in business, client or paid work.",
      "Sell the files or anything made from them.",
      "Share, upload or give the files to others.",
    ],
  },
  {
    name: "Commercial",
    summary: "For freelancers and businesses using the files in their work.",
    may: [
      "Everything the Personal license allows.",
      "Use the files in client projects and in your business.",
      "Use them in advertising, social media posts, presentations and websites.",
      "Sell end products in which the design is one part of a larger work, such as a book cover or packaging.",
    ],
    mayNot: [
      "Sell products where the design itself is the main thing being sold, such as posters or printed apparel.",
      "Resell, share or redistribute the original files, edited or not.",
      "Use the design in a logo or trademark.",
    ],
  },
  {
    name: "Extended",
    summary: "For creators and shops selling products built around the design.",
    may: [
      "Everything the Commercial license allows.",
      "Sell products where the design is the main feature: prints, posters, apparel, print-on-demand.",
      "Sell as many units as you like.",
    ],
    mayNot: [
      "Resell, share or redistribute the original files, edited or not, including as part of another template or asset pack.",
      "Use the design in a logo or trademark.",
      "Claim the original work as your own.",
    ],
  },
];

function Allowed({ allowed }: { allowed: boolean }) {
  const Icon = allowed ? Check : X;
  return (
    <>
      <Icon aria-hidden="true" className={`mx-auto size-5 ${allowed ? "text-success" : "text-destructive"}`} />
      <span className="sr-only">{allowed ? "Allowed" : "Not allowed"}</span>
    </>
  );
}

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
              <span className="font-semibold">Every purchase comes with a Personal license.</span> Using a product in
              your business or selling products made with it needs a Commercial or Extended license: they are not on
              sale yet, so for now our products are for personal use only.
            </p>
          </Card>
        </Section>

        <Section title="Compare licenses">
          <ScrollTable
            label="License comparison table"
            caption="What each license allows"
            columns={comparisonColumns}
            className="min-w-[36rem] text-sm"
          >
            {comparison.map((row) => (
              <tr key={row.use}>
                <th scope="row" className="px-4 py-3 text-left font-normal">
                  {row.use}
                </th>
                {licenseNames.map((name) => (
                  <td key={name} className="px-4 py-3 text-center">
                    <Allowed allowed={row.allowedBy.includes(name)} />
                  </td>
                ))}
              </tr>
            ))}
          </ScrollTable>
        </Section>

        <Section title="License details">
          <div className="grid gap-6 lg:grid-cols-3">
            {licenses.map((license) => (
              <Card key={license.name} className="flex flex-col p-6">
                <div className="flex flex-wrap items-center gap-2">
                  <h3 className="text-xl font-semibold">{license.name} license</h3>
                  {license.name === "Personal" ? (
                    <Badge>Included</Badge>
                  ) : (
                    <Badge variant="neutral">Not on sale yet</Badge>
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
