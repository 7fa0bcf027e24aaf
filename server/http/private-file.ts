import { escapeHtml } from "../lib/escape-html.ts";
import { asRefusal, refusalHeaders } from "./error-answers.ts";

// What a route that hands one buyer their own file answers (a download, a licence certificate):
// headers that keep it theirs, and, when it refuses, a small page of its own, since a resource
// route cannot render the app's React error screen.

/** Nobody but the buyer should keep the file or the link: no shared cache, no sniffing a type. */
export const PRIVATE_HEADERS = {
  "Cache-Control": "private, no-store",
  "X-Content-Type-Options": "nosniff",
};

/** A file handed to its one owner as a download (`filename`), private and never sniffed. */
export function privateDownload(
  body: Uint8Array<ArrayBuffer>,
  { filename, contentType }: { filename: string; contentType: string },
) {
  return new Response(body, {
    headers: {
      ...PRIVATE_HEADERS,
      "Content-Type": contentType,
      "Content-Disposition": `attachment; filename="${filename}"`,
      "Content-Length": String(body.length),
    },
  });
}

/**
 * The page of a refused download, with the refusal's status: the reason under `title`, and a link
 * on (`back`). Its address may carry a secret (a signed link, an order's access token): no referrer
 * leaves it. An error that is no refusal (server/http/error-answers.ts) is a fault: rethrown.
 */
export function refusalPage(error: unknown, title: string, back: { href: string; label: string }): Response {
  const refusal = asRefusal(error);
  if (!refusal) throw error;
  const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<meta name="referrer" content="no-referrer">
<title>${escapeHtml(title)}</title>
<style>
body { font-family: system-ui, sans-serif; color: #111827; max-width: 36rem; margin: 5rem auto; padding: 0 1.5rem; line-height: 1.5; }
h1 { font-size: 1.5rem; margin-bottom: 0.5rem; }
a { color: #4f46e5; font-weight: 600; }
</style>
</head>
<body>
<main>
<h1>${escapeHtml(title)}</h1>
<p>${escapeHtml(refusal.message)}</p>
<p><a href="${escapeHtml(back.href)}">${escapeHtml(back.label)}</a></p>
</main>
</body>
</html>
`;
  return new Response(html, {
    status: refusal.status,
    headers: { ...PRIVATE_HEADERS, ...refusalHeaders(refusal), "Content-Type": "text/html; charset=utf-8" },
  });
}
