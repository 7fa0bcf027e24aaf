import { type CSSProperties, Fragment, createElement as h, type ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";

// The building blocks of every email's message, as React components rendered to static markup:
// React escapes every text and attribute, so no email escapes anything by hand. Written with
// createElement, not JSX, because the server runs its .ts files as they are (Node's type
// stripping, no build step); docs/decisions/048-emails-as-components.md says why. Email clients
// ignore style sheets and modern layout, so each block carries its own inline style.

/** The design system's colours (app/app.css), as literal values: email clients know no variables. */
export const EMAIL_COLOURS = {
  primary: "#6d28d9",
  primaryForeground: "#ffffff",
  foreground: "#0f172a",
  mutedForeground: "#475569",
  muted: "#f1f5f9",
  border: "#e2e8f0",
  background: "#ffffff",
} as const;

// Inter where the reader has it, the system's sans-serif elsewhere (web fonts rarely load in mail).
export const FONT = "Inter, -apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif";
const MONO = "ui-monospace, SFMono-Regular, Menlo, Consolas, monospace";

interface WithChildren {
  children?: ReactNode;
}

/** A message's parts as the HTML of an OutgoingEmail (which the mailer puts in the shop's layout). */
export const messageHtml = (...parts: ReactNode[]): string => renderToStaticMarkup(h(Fragment, null, ...parts));

/** A paragraph of the message; `style` adds to its own. */
export const Paragraph = ({ children, style }: WithChildren & { style?: CSSProperties }) =>
  h(
    "p",
    {
      style: {
        margin: "0 0 16px",
        fontFamily: FONT,
        fontSize: "16px",
        lineHeight: "24px",
        color: EMAIL_COLOURS.foreground,
        ...style,
      },
    },
    children,
  );

/** The message's heading. */
export const Heading = ({ children }: WithChildren) =>
  h(
    "h1",
    {
      style: {
        margin: "0 0 16px",
        fontFamily: FONT,
        fontSize: "22px",
        lineHeight: "30px",
        fontWeight: 700,
        color: EMAIL_COLOURS.foreground,
      },
    },
    children,
  );

/** Smaller, muted text: terms, what to do if the email was unexpected. */
export const Note = ({ children }: WithChildren) =>
  h(Paragraph, { style: { fontSize: "14px", lineHeight: "20px", color: EMAIL_COLOURS.mutedForeground } }, children);

/** A link in the message's text; `style` adds to its own. */
export const Link = ({ href, children, style }: WithChildren & { href: string; style?: CSSProperties }) =>
  h("a", { href, style: { color: EMAIL_COLOURS.primary, textDecoration: "underline", ...style } }, children);

/** Text set in monospace, such as a license key. */
export const Code = ({ children }: WithChildren) =>
  h(
    "code",
    {
      style: {
        fontFamily: MONO,
        fontSize: "13px",
        whiteSpace: "nowrap",
        background: EMAIL_COLOURS.muted,
        borderRadius: "4px",
        padding: "1px 4px",
      },
    },
    children,
  );

/**
 * The message's one action, as a button: a link with padding inside a coloured table cell, which
 * every client shows as a button (Outlook ignores a link's padding, but not the cell's colour).
 */
export const Button = ({ href, label }: { href: string; label: string }) =>
  h(
    "table",
    {
      role: "presentation",
      cellPadding: 0,
      cellSpacing: 0,
      border: 0,
      style: { margin: "8px 0 24px", borderCollapse: "separate" },
    },
    h(
      "tbody",
      null,
      h(
        "tr",
        null,
        h(
          "td",
          {
            align: "center",
            bgcolor: EMAIL_COLOURS.primary,
            style: { borderRadius: "8px", background: EMAIL_COLOURS.primary },
          },
          h(
            "a",
            {
              href,
              target: "_blank",
              style: {
                display: "inline-block",
                padding: "12px 24px",
                fontFamily: FONT,
                fontSize: "16px",
                lineHeight: "24px",
                fontWeight: 600,
                color: EMAIL_COLOURS.primaryForeground,
                textDecoration: "none",
                borderRadius: "8px",
              },
            },
            label,
          ),
        ),
      ),
    ),
  );

// A web address ends before a space or the punctuation that ends a sentence around it.
const WEB_ADDRESS = /https?:\/\/[^\s<>"]*[^\s<>".,;:!?)']/g;

/**
 * Plain text as written (a notice, a seller's words): its web addresses as links, its line breaks
 * kept, so that it reads as its plain-text part does.
 */
export function LinkifiedText({ text }: { text: string }) {
  const parts: ReactNode[] = [];
  text.split("\n").forEach((line, index) => {
    if (index > 0) parts.push(h("br"));
    let last = 0;
    for (const match of line.matchAll(WEB_ADDRESS)) {
      parts.push(line.slice(last, match.index), h(Link, { href: match[0] }, match[0]));
      last = match.index + match[0].length;
    }
    parts.push(line.slice(last));
  });
  return h(Fragment, null, ...parts);
}
