import { readDownloadToken } from "@server/delivery/download-links.ts";
import { openDownload } from "@server/delivery/open-download.ts";
import { servicesContext } from "@server/http/context.ts";
import { escapeHtml } from "@server/lib/escape-html.ts";
import { Refusal } from "@server/lib/refusal.ts";
import type { Route } from "./+types/download";

// GET /downloads/:token: a purchased file, through a short-lived signed link (server/delivery).
// A resource route: it answers the file's bytes, or a small page that says why it will not.

// Nobody but the buyer should keep the file or the link: no shared cache, no sniffing a type.
const PRIVATE_HEADERS = {
  "Cache-Control": "private, no-store",
  "X-Content-Type-Options": "nosniff",
};

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { db, files, secret } = context.get(servicesContext);
  try {
    const target = readDownloadToken(secret, params.token);
    // React Router runs the loader for HEAD too (and drops the body): only a GET is a download.
    const file = await openDownload(db, files, target, { count: request.method === "GET" });
    return new Response(new Uint8Array(file.body), {
      headers: {
        ...PRIVATE_HEADERS,
        "Content-Type": file.contentType,
        "Content-Disposition": contentDisposition(file.fileName),
        "Content-Length": String(file.body.length),
      },
    });
  } catch (error) {
    if (!(error instanceof Refusal)) throw error;
    return refusalPage(error);
  }
}

/** `attachment` with a plain ASCII `filename` for old clients and the exact name in `filename*` (RFC 6266, 5987). */
function contentDisposition(fileName: string): string {
  const ascii =
    fileName
      .normalize("NFKD")
      .replace(/[\u0300-\u036f]/g, "")
      .replace(/[^A-Za-z0-9._ -]/g, "_")
      .trim() || "download";
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

// A resource route cannot render the app's React error screen, so a refused link gets a small
// page of its own: the reason, and the way back to a fresh link.
function refusalPage(refusal: Refusal): Response {
  const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Download unavailable</title>
<style>
body { font-family: system-ui, sans-serif; color: #111827; max-width: 36rem; margin: 5rem auto; padding: 0 1.5rem; line-height: 1.5; }
h1 { font-size: 1.5rem; margin-bottom: 0.5rem; }
a { color: #4f46e5; font-weight: 600; }
</style>
</head>
<body>
<main>
<h1>Download unavailable</h1>
<p>${escapeHtml(refusal.message)}</p>
<p><a href="/account/downloads">Go to your downloads</a></p>
</main>
</body>
</html>
`;
  return new Response(html, {
    status: refusal.status,
    headers: { ...PRIVATE_HEADERS, "Content-Type": "text/html; charset=utf-8" },
  });
}
