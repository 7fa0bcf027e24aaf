// Just enough MIME to read what the shop's mailer sends (nodemailer's output): headers, and the
// text and HTML parts of a multipart message, decoded from 7bit, quoted-printable or base64.

export interface MimePart {
  headers: Map<string, string>;
  /** The decoded body of a single part; empty for a multipart one. */
  body: string;
  /** Its bytes, for a file (an attachment) that is not text. */
  bytes: Buffer;
  /** The leaf parts of a multipart body, in order (the part itself when it is not multipart). */
  parts: MimePart[];
}

function splitHead(raw: string): { headers: Map<string, string>; body: string } {
  const text = raw.replace(/\r\n/g, "\n");
  const end = text.indexOf("\n\n");
  const head = end === -1 ? text : text.slice(0, end);
  const body = end === -1 ? "" : text.slice(end + 2);
  const headers = new Map<string, string>();
  for (const line of head.replace(/\n[ \t]+/g, " ").split("\n")) {
    const colon = line.indexOf(":");
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function decodeQuotedPrintable(text: string): string {
  const softBreaksRemoved = text.replace(/=\n/g, "");
  const bytes: number[] = [];
  for (let i = 0; i < softBreaksRemoved.length; i++) {
    const hex = softBreaksRemoved.slice(i + 1, i + 3);
    if (softBreaksRemoved[i] === "=" && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(softBreaksRemoved[i]!, "utf8"));
    }
  }
  return Buffer.from(bytes).toString("utf8");
}

function decodeBytes(body: string, encoding: string | undefined): Buffer {
  switch (encoding?.toLowerCase()) {
    case "quoted-printable":
      return Buffer.from(decodeQuotedPrintable(body), "utf8");
    case "base64":
      return Buffer.from(body.replace(/\s+/g, ""), "base64");
    default:
      return Buffer.from(body, "utf8");
  }
}

/** Reads one message (or part) of raw MIME. */
export function parseMime(raw: string): MimePart {
  const { headers, body } = splitHead(raw);
  const contentType = headers.get("content-type") ?? "text/plain";
  const boundary = /boundary="?([^";]+)"?/i.exec(contentType)?.[1];
  if (!contentType.toLowerCase().startsWith("multipart/") || !boundary) {
    const bytes = decodeBytes(body, headers.get("content-transfer-encoding"));
    const part: MimePart = { headers, body: bytes.toString("utf8"), bytes, parts: [] };
    part.parts.push(part);
    return part;
  }
  const sections = body.split(`--${boundary}`).slice(1);
  const parts = sections
    .filter((section) => !section.startsWith("--"))
    .flatMap((section) => parseMime(section.replace(/^\n/, "")).parts);
  return { headers, body: "", bytes: Buffer.alloc(0), parts };
}

/** The decoded body of the message's first part of this content type (like "text/html"). */
export function partOfType(message: MimePart, type: string): string | undefined {
  return message.parts.find((part) => (part.headers.get("content-type") ?? "").toLowerCase().startsWith(type))?.body;
}
