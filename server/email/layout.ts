import { type CSSProperties, createElement as h } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { EMAIL_COLOURS, FONT } from "./components.ts";
import type { OutgoingEmail } from "./mailer.ts";

// The one layout of every email the shop sends: its name as the brand at the top, the message on a
// white card, a footer that says which shop wrote and why. Email clients ignore style sheets and
// modern layout (Gmail drops <style> in some views, Outlook renders with Word), so it is built of
// tables with inline styles, 600 px wide at most, fluid below; the one media query only narrows the
// padding on phones. React renders it (components.ts), so every text in it is escaped.

export interface ShopBrand {
  /** SHOP_NAME. */
  name: string;
  /** PUBLIC_URL: the shop's home page. */
  url: string;
}

const PHONE_PADDING = `
@media (max-width: 480px) {
  .email-outer { padding: 16px 8px !important; }
  .email-card { padding: 24px 16px 8px !important; }
}
`;

// Outlook (Word) knows no max-width: only it reads these conditional comments, a table 600 px wide
// around the card. React writes no comments, so they are put around the card's rendered markup.
const OUTLOOK_WIDTH_START =
  '<!--[if mso]><table role="presentation" width="600" cellpadding="0" cellspacing="0" border="0"><tr><td><![endif]-->';
const OUTLOOK_WIDTH_END = "<!--[if mso]></td></tr></table><![endif]-->";

// After the inbox preview, characters that show as nothing, so that the body's own text does not
// follow the preview into the inbox's line.
const PREHEADER_PADDING = "\u034f \u200c \u00a0 ".repeat(20);

const table = { role: "presentation", cellPadding: 0, cellSpacing: 0, border: 0 } as const;

/** The brand at the top: the logo's coloured square with the name's initial, and the name. */
function BrandBar({ shop }: { shop: ShopBrand }) {
  const initial = ([...shop.name.trim()][0] ?? "S").toUpperCase();
  return h(
    "table",
    table,
    h(
      "tbody",
      null,
      h(
        "tr",
        null,
        h(
          "td",
          {
            width: 32,
            height: 32,
            align: "center",
            valign: "middle",
            bgcolor: EMAIL_COLOURS.primary,
            style: {
              width: "32px",
              height: "32px",
              borderRadius: "8px",
              background: EMAIL_COLOURS.primary,
              fontFamily: FONT,
              fontSize: "16px",
              lineHeight: "32px",
              fontWeight: 700,
              color: EMAIL_COLOURS.primaryForeground,
            },
          },
          initial,
        ),
        h(
          "td",
          { style: { paddingLeft: "10px", fontFamily: FONT, fontSize: "18px", lineHeight: "32px", fontWeight: 700 } },
          h("a", { href: shop.url, style: { color: EMAIL_COLOURS.foreground, textDecoration: "none" } }, shop.name),
        ),
      ),
    ),
  );
}

/**
 * The brand, the card with the message and the footer, 600 px wide at most. `messageHtml` is an
 * OutgoingEmail's html: markup that React rendered from components.ts, so it goes in as it is.
 */
function EmailCard({ shop, messageHtml }: { shop: ShopBrand; messageHtml: string }) {
  return h(
    "table",
    { ...table, width: "100%", style: { width: "100%", maxWidth: "600px" } },
    h(
      "tbody",
      null,
      h("tr", null, h("td", { style: { padding: "0 8px 16px" } }, h(BrandBar, { shop }))),
      h(
        "tr",
        null,
        h("td", {
          className: "email-card",
          bgcolor: EMAIL_COLOURS.background,
          style: {
            padding: "32px 32px 16px",
            background: EMAIL_COLOURS.background,
            border: `1px solid ${EMAIL_COLOURS.border}`,
            borderRadius: "12px",
            fontFamily: FONT,
            fontSize: "16px",
            lineHeight: "24px",
            color: EMAIL_COLOURS.foreground,
          },
          dangerouslySetInnerHTML: { __html: messageHtml },
        }),
      ),
      h(
        "tr",
        null,
        h(
          "td",
          {
            style: {
              padding: "24px 8px 0",
              fontFamily: FONT,
              fontSize: "13px",
              lineHeight: "20px",
              color: EMAIL_COLOURS.mutedForeground,
              textAlign: "center",
            },
          },
          `Sent by ${shop.name} · `,
          h(
            "a",
            { href: shop.url, style: { color: EMAIL_COLOURS.mutedForeground, textDecoration: "underline" } },
            new URL(shop.url).host,
          ),
        ),
      ),
    ),
  );
}

/** The whole document around the card: head, the inbox preview, the grey page. */
function EmailDocument(props: { subject: string; preheader?: string; cardHtml: string }) {
  return h(
    "html",
    { lang: "en" },
    h(
      "head",
      null,
      h("meta", { charSet: "utf-8" }),
      h("meta", { name: "viewport", content: "width=device-width, initial-scale=1" }),
      h("meta", { name: "x-apple-disable-message-reformatting" }),
      h("meta", { name: "color-scheme", content: "light" }),
      h("meta", { name: "supported-color-schemes", content: "light" }),
      h("title", null, props.subject),
      h("style", null, PHONE_PADDING),
    ),
    h(
      "body",
      {
        style: {
          margin: 0,
          padding: 0,
          width: "100%",
          background: EMAIL_COLOURS.muted,
          WebkitTextSizeAdjust: "100%",
        },
      },
      // Inbox preview text: shown in the list, hidden in the message.
      props.preheader
        ? h(
            "div",
            {
              // mso-hide: Outlook's own way to hide it, a property React's types do not know.
              style: {
                display: "none",
                maxHeight: 0,
                maxWidth: 0,
                overflow: "hidden",
                opacity: 0,
                msoHide: "all",
              } as CSSProperties,
            },
            props.preheader,
            PREHEADER_PADDING,
          )
        : null,
      h(
        "table",
        {
          ...table,
          width: "100%",
          bgcolor: EMAIL_COLOURS.muted,
          style: { background: EMAIL_COLOURS.muted },
        },
        h(
          "tbody",
          null,
          h(
            "tr",
            null,
            h("td", {
              align: "center",
              className: "email-outer",
              style: { padding: "32px 16px" },
              dangerouslySetInnerHTML: { __html: props.cardHtml },
            }),
          ),
        ),
      ),
    ),
  );
}

/** The whole HTML document of an email: `email.html` (its message) inside the shop's layout. */
function emailDocument(shop: ShopBrand, email: Pick<OutgoingEmail, "subject" | "html" | "preheader">): string {
  const card = renderToStaticMarkup(h(EmailCard, { shop, messageHtml: email.html }));
  const cardHtml = `${OUTLOOK_WIDTH_START}${card}${OUTLOOK_WIDTH_END}`;
  const document = h(EmailDocument, { subject: email.subject, preheader: email.preheader, cardHtml });
  return `<!doctype html>\n${renderToStaticMarkup(document)}`;
}

/** The plain-text part's signature, the same in every email. */
const textSignature = (shop: ShopBrand) => `\n\n-- \n${shop.name}\n${shop.url}`;

/** `email` as it is sent: its message in the shop's layout, its text signed by the shop. */
export function inShopLayout(shop: ShopBrand, email: OutgoingEmail): OutgoingEmail {
  const { preheader: _preheader, ...rest } = email;
  return { ...rest, text: email.text + textSignature(shop), html: emailDocument(shop, email) };
}
