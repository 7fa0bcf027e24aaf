import { servicesContext } from "@server/http/context.ts";
import { ORDER_LINK_DAYS, ORDER_LOOKUP_PATH } from "@shared/order-link.ts";
import {
  MONEY_BACK_GUARANTEE_DAYS,
  REFUND_PROCESSING,
  REFUND_REVIEW_HOURS,
  SELLER_REVIEW_TIME,
  SELLER_SHARE_PERCENT,
} from "@shared/shop-facts.ts";
import { ChevronDown, Clock, Mail } from "lucide-react";
import type { ReactNode } from "react";
import { CallToActionCard } from "~/components/content/call-to-action";
import { TextLink } from "~/components/content/text-link";
import { Container, PageHeader, Section } from "~/components/ui/page";
import { pageMeta } from "~/lib/meta";
import { publicPageHeaders } from "~/lib/public-page";
import { pageLoader } from "~/lib/refusal.server";
import type { Route } from "./+types/help";

// The same for every visitor: cached by the shop and by a CDN.
export const headers = publicPageHeaders;

export const loader = pageLoader(async ({ context }: Route.LoaderArgs) => {
  // The configured support hours: a live shop without them states none.
  return { supportHours: context.get(servicesContext).supportHours };
});

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(
    matches,
    "Help Center",
    "Answers about downloads, file formats, refunds, licenses and selling on our marketplace.",
  );

// How to open each format a product can come in (the Format filter).
const formats = [
  { name: "PDF", how: "any PDF reader; for digital planners, an annotation app such as GoodNotes or Notability" },
  { name: "PNG and JPG", how: "any image viewer; print at home or at a print shop" },
  { name: "SVG and AI", how: "vector editors such as Adobe Illustrator or Inkscape, or cutting-machine software" },
  { name: "PSD", how: "Adobe Photoshop, or a free alternative such as Photopea" },
  { name: "Video", how: "stream or play in any modern browser or video player" },
];

const faqs: { question: string; answer: ReactNode }[] = [
  {
    question: "How do I download my files after purchase?",
    answer: (
      <>
        <p>
          Once your payment is confirmed you are back on your order page, with a Download button for each file. We email
          you a receipt that links to the same page, and with an account your files are also in{" "}
          <TextLink to="/account/downloads">My Downloads</TextLink>. Download links are made fresh each time the page
          opens, so open the page again whenever you want the files.
        </p>
        <p>
          Checked out as a guest? The link in your receipt opens your order for {ORDER_LINK_DAYS} days. Can't find the
          email? Check your spam or promotions folder, or{" "}
          <TextLink to={ORDER_LOOKUP_PATH}>ask for a new link to your order</TextLink>.
        </p>
      </>
    ),
  },
  {
    question: "Which file formats do you offer, and how do I open them?",
    answer: (
      <>
        <p>Every product page lists the file format and size before you buy. Here is what opens each format:</p>
        <ul className="list-disc space-y-1 pl-5">
          {formats.map((format) => (
            <li key={format.name}>
              <span className="font-medium text-foreground">{format.name}:</span> {format.how}.
            </li>
          ))}
        </ul>
        <p>Several files usually come in one ZIP archive: unzip it first (double-click on most computers).</p>
      </>
    ),
  },
  {
    question: "Can I get a refund?",
    answer: (
      <>
        <p>
          Yes. Every purchase is covered by our {MONEY_BACK_GUARANTEE_DAYS}-day money-back guarantee if a file doesn't
          work, isn't as described, or you bought it twice by mistake. Open your order and choose Request a refund under
          the item. We review requests within {REFUND_REVIEW_HOURS} hours, and approved refunds are processed in{" "}
          {REFUND_PROCESSING}.
        </p>
        <p>
          Read the full <TextLink to="/refund-policy">refund policy</TextLink>.
        </p>
      </>
    ),
  },
  {
    question: "What can I do with the files I buy?",
    answer: (
      <>
        <p>
          Every purchase comes with a Personal license: use the files for yourself, your home and your own projects, not
          in business or client work. Where the creator offers them, choose a Commercial license (business and client
          work) or an Extended license (products you sell built around a design) on the product page, with a seat for
          each person who uses the files. Each license has a certificate on your order page.
        </p>
        <p>
          Compare the three in our <TextLink to="/license">license terms</TextLink>.
        </p>
      </>
    ),
  },
  {
    question: "How do I become a seller?",
    answer: (
      <>
        <p>
          Apply with a few examples of your work. We review applications in {SELLER_REVIEW_TIME}; once approved, you
          list your products and keep {SELLER_SHARE_PERCENT}% of every sale, paid out weekly.
        </p>
        <p>
          See <TextLink to="/become-seller">how selling works</TextLink>.
        </p>
      </>
    ),
  },
];

export default function HelpCenter({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageHeader title="Help Center" lead="Quick answers to the questions shoppers and creators ask us most." />
      <Container className="pb-12">
        <Section title="Frequently asked questions">
          <div className="divide-y divide-border rounded-lg border border-border bg-card">
            {faqs.map((faq) => (
              <details key={faq.question} className="group">
                <summary className="flex cursor-pointer list-none items-center justify-between gap-4 px-4 py-4 font-medium hover:bg-muted sm:px-6 [&::-webkit-details-marker]:hidden">
                  <span>{faq.question}</span>
                  <ChevronDown
                    aria-hidden="true"
                    className="size-5 shrink-0 text-muted-foreground transition-transform group-open:rotate-180"
                  />
                </summary>
                <div className="space-y-3 px-4 pb-5 text-muted-foreground sm:px-6">{faq.answer}</div>
              </details>
            ))}
          </div>
        </Section>

        <Section>
          <CallToActionCard
            title="Still need help?"
            action={{ to: "/contact", label: "Contact support", icon: Mail }}
            size="lg"
            rowFrom="md"
          >
            <p className="mt-2 max-w-xl text-muted-foreground">
              Our support team answers every message. Send us your question and we'll get back to you
              {loaderData.supportHours.length > 0 ? " during support hours" : " by email"}.
            </p>
            {loaderData.supportHours.length > 0 ? (
              <>
                <h3 className="mt-4 flex items-center gap-2 font-semibold">
                  <Clock aria-hidden="true" className="size-4 text-primary" /> Support hours
                </h3>
                <ul className="mt-1 text-sm text-muted-foreground">
                  {loaderData.supportHours.map((hours) => (
                    <li key={hours}>{hours}</li>
                  ))}
                </ul>
              </>
            ) : null}
          </CallToActionCard>
        </Section>
      </Container>
    </>
  );
}
