import { formatDayUtc } from "@shared/format.ts";
import {
  GDPR,
  PERSONAL_DATA_RULES,
  PRIVACY_POLICY_UPDATED,
  PROCESSOR_DESCRIPTIONS,
  SHOP_COOKIES,
} from "@shared/privacy-notice.ts";
import { ScrollTable } from "~/components/content/scroll-table";
import { TextLink } from "~/components/content/text-link";
import { DemoShopNotice, OwnerDetails } from "~/components/legal/owner-details";
import { Container, PageHeader, Section } from "~/components/ui/page";
import { legalPageData } from "~/lib/legal-pages.server";
import { pageMeta } from "~/lib/meta";
import { publicPageHeaders } from "~/lib/public-page";
import { pageLoader } from "~/lib/refusal.server";
import type { Route } from "./+types/privacy";

// The same for every visitor: cached by the shop and by a CDN.
export const headers = publicPageHeaders;

export const loader = pageLoader(async ({ context }: Route.LoaderArgs) => legalPageData(context));

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(
    matches,
    "Privacy Policy",
    "What personal data we keep, why, for how long, who else receives it, the cookies we set and your rights.",
  );

const SETTINGS = "/account/settings";

// What the shop keeps, as its database does (server/db/schema/), and the basis of each (GDPR Art. 6).
const whatWeKeep = [
  {
    what: "Your account",
    details:
      "Your name, email address and whether you confirmed it, your profile picture if you add one, your password (only as a one-way hash, never the password itself), how you sign in (password, Google, passkeys) and whether two-factor sign-in is on.",
    basis: `To provide the account you asked for (${GDPR.contract}).`,
  },
  {
    what: "Sessions and account activity",
    details:
      "For each device you are signed in on: its IP address, its browser (user agent) and when you signed in. A list of your account's events (sign-ins, password and email changes, two-factor changes) with the same details, which you can see in Settings.",
    basis: `To keep your account secure and show you where it is used (${GDPR.legitimateInterests}).`,
  },
  {
    what: "Orders",
    details:
      "The name and email address given at checkout, what you bought, the prices, discount and tax, the payment's state, refunds you asked for, your licences and their keys, and when each file was downloaded.",
    basis: `To sell and deliver what you bought (${GDPR.contract}), and to keep the record of each sale that tax law asks of us (${GDPR.legalObligation}).`,
  },
  {
    what: "Cart, wishlist, follows and reviews",
    details:
      "What is in your cart and wishlist, the creators you follow, the reviews you write (shown with your name), reports of listings you send and messages you send through the contact form.",
    basis: `To provide these features (${GDPR.contract}); reports and messages, to answer them (${GDPR.legitimateInterests}).`,
  },
  {
    what: "Your email choices",
    details:
      "Which kinds of email you turned off, whether you agreed at checkout that a product's seller may email you, and addresses our mail server could not deliver to or whose owner reported an email as spam.",
    basis: `Emails from creators you follow and sellers' emails, with your consent (${GDPR.consent}), which you can take back at any time from the link in each email or in Settings; a reminder of a cart you left, and not emailing addresses that refused us, in our legitimate interests (${GDPR.legitimateInterests}).`,
  },
  {
    what: "If you sell",
    details:
      "Your seller application, your shop's profile and products, your sales and earnings ledger, payouts, the state of your payout account at the payment provider, your API keys' names (never the keys), and the tax details asked before your first payout (legal name, address, tax number, and for individuals living in the EU their date of birth).",
    basis: `To run your shop and pay you (${GDPR.contract}), and to report sellers' income to the tax authorities as the law requires of marketplaces (${GDPR.legalObligation}).`,
  },
  {
    what: "Limits on requests",
    details:
      "Counters of form submissions and sign-in attempts per IP address and per email address, each counting only the last few minutes.",
    basis: `To protect the shop and your account from abuse (${GDPR.legitimateInterests}).`,
  },
] as const;

export default function PrivacyPolicy({ loaderData }: Route.ComponentProps) {
  const { shopName, ownerName, processors } = loaderData;
  const rules = PERSONAL_DATA_RULES.recordsOfSales;
  return (
    <>
      <PageHeader
        title="Privacy Policy"
        lead={`What personal data ${shopName} keeps about you, why, for how long, who else receives it, and your rights.`}
      />
      <Container className="pb-12">
        <div className="max-w-4xl">
          <Section>
            <DemoShopNotice shopMode={loaderData.shopMode} />
            <p className="mt-4 text-sm text-muted-foreground">
              Last updated {formatDayUtc(PRIVACY_POLICY_UPDATED)}. This policy gives the information the General Data
              Protection Regulation (GDPR) asks us to give ({GDPR.information}).
            </p>
          </Section>

          <Section title="Who we are">
            <p className="mb-4 text-muted-foreground">
              {ownerName === shopName ? shopName : `${ownerName} runs ${shopName} and`} decides what is done with your
              personal data (the controller). Write to us about your data here:
            </p>
            <OwnerDetails {...loaderData} />
          </Section>

          <Section title="What we keep and why">
            <div className="space-y-5">
              {whatWeKeep.map((item) => (
                <div key={item.what}>
                  <h3 className="font-semibold">{item.what}</h3>
                  <p className="mt-1 text-muted-foreground">{item.details}</p>
                  <p className="mt-1 text-sm">{item.basis}</p>
                </div>
              ))}
            </div>
            <p className="mt-5 text-muted-foreground">
              Our request log records each request's method, address (with any secret in it hidden), answer and time: no
              IP address and no cookies. Our server log also notes each email we send, with its subject and the address
              it went to, and an email waits in our job queue until it is sent. We make no decisions about you by
              automated means alone ({GDPR.automatedDecisions}).
            </p>
          </Section>

          <Section title="Cookies">
            <p className="mb-4 text-muted-foreground">
              We set only the cookies below, each strictly necessary for something you asked for: signing in, keeping
              your cart. The law lets a shop set those without asking first (ePrivacy Directive,{" "}
              {PERSONAL_DATA_RULES.eprivacy.strictlyNecessary.split(":")[0]}), so we show no cookie banner. We set no
              analytics or advertising cookies, and no one else sets cookies through our pages. On a secure (https)
              address the sign-in cookies' names start with <code>__Secure-</code>.
            </p>
            <ScrollTable
              label="Cookies"
              caption="The cookies this shop sets"
              columns={[{ label: "Cookie" }, { label: "What it is for" }, { label: "How long it lasts" }]}
            >
              {SHOP_COOKIES.map((cookie) => (
                <tr key={cookie.name}>
                  <td className="px-4 py-3 font-mono text-sm">{cookie.name}</td>
                  <td className="px-4 py-3 text-muted-foreground">{cookie.purpose}</td>
                  <td className="px-4 py-3 text-muted-foreground">{cookie.lasts}</td>
                </tr>
              ))}
            </ScrollTable>
          </Section>

          <Section title="Who else receives your data">
            <p className="mb-4 text-muted-foreground">
              When you buy, the seller of each item sees your name and what you bought from them. They see your email
              address only if you agreed at checkout that they may email you.
            </p>
            {processors.length > 0 ? (
              <>
                <p className="mb-4 text-muted-foreground">
                  These services receive personal data from us to do their part:
                </p>
                <ul className="space-y-3">
                  {processors.map((key) => {
                    const processor = PROCESSOR_DESCRIPTIONS[key];
                    return (
                      <li key={key}>
                        <span className="font-medium">{processor.name}</span>
                        <span className="text-muted-foreground">
                          {" "}
                          receives {processor.gets}, {processor.why}.
                        </span>
                      </li>
                    );
                  })}
                </ul>
              </>
            ) : (
              <p className="text-muted-foreground">
                No outside service receives your personal data from this shop: it takes payments on its own payment page
                and keeps its own files.
              </p>
            )}
            <p className="mt-4 text-muted-foreground">
              We do not sell your personal data, and we give it to authorities only where the law obliges us to. Some
              services may keep data outside the European Economic Area: write to us to ask where, and on which of the
              GDPR's grounds for such transfers ({GDPR.transfers}).
            </p>
          </Section>

          <Section title="How long we keep it">
            <ul className="list-disc space-y-2 pl-5 text-muted-foreground">
              <li>Your account, sessions, cart, wishlist and follows: until you delete your account.</li>
              <li>
                A cart and wishlist kept without an account: until {loaderData.guestCartDays} days after your last
                visit.
              </li>
              <li>
                Orders, and a seller's ledger, payouts and tax details: for as long as tax and accounting law obliges us
                to keep the records of sales, also after you delete your account. The VAT Directive (2006/112/EC, Art.
                242 and 244-249) asks for them to be kept and lets each country set the period (Art. 247), for example{" "}
                {rules.nationalPeriods.FR.split(":")[0]} in France; the marketplace rules on reporting sellers' income
                ask for 5 to 10 years.
              </li>
              <li>
                Counters of requests and sign-in attempts: each counts only its last few minutes, then starts again.
              </li>
            </ul>
          </Section>

          <Section title="Your rights">
            <ul className="list-disc space-y-2 pl-5 text-muted-foreground">
              <li>
                <span className="font-medium text-foreground">See and take your data</span> ({GDPR.access},{" "}
                {GDPR.portability}): in <TextLink to={SETTINGS}>Settings</TextLink>, Download your data gives you a JSON
                file of everything we keep about you.
              </li>
              <li>
                <span className="font-medium text-foreground">Correct it</span> ({GDPR.rectification}): change your
                name, email address and picture in your profile and Settings, or write to us.
              </li>
              <li>
                <span className="font-medium text-foreground">Delete it</span> ({GDPR.erasure}): Delete account in
                Settings removes your account and what belongs to it. What the law obliges us to keep stays, detached
                from your account: the orders as the record of each sale and, if you sold, your shop's ledger, payouts
                and tax details ({GDPR.erasureLegalObligation}). Your reviews stay, under "Former customer".
              </li>
              <li>
                <span className="font-medium text-foreground">Restrict or object</span> ({GDPR.restriction},{" "}
                {GDPR.objection}): turn off any kind of email in Settings or from the link in the email, or write to us.
              </li>
              <li>
                <span className="font-medium text-foreground">Take back your consent</span> at any time, for what comes
                after.
              </li>
              <li>
                <span className="font-medium text-foreground">Complain</span> to the data protection authority where you
                live or work ({GDPR.complaint}).
              </li>
            </ul>
            <p className="mt-4 text-muted-foreground">
              The GDPR gives us one month to answer a request ({GDPR.answerWithin}). We may ask you to show that the
              account is yours first.
            </p>
          </Section>

          <Section title="Changes to this policy">
            <p className="text-muted-foreground">
              When we change this policy, we change the date at the top of this page. Read it together with our{" "}
              <TextLink to="/terms">Terms of Service</TextLink>.
            </p>
          </Section>
        </div>
      </Container>
    </>
  );
}
