import { readDownloadToken } from "@server/delivery/download-links.ts";
import { openDownload } from "@server/delivery/open-download.ts";
import { servicesContext } from "@server/http/context.ts";
import { PRIVATE_HEADERS, refusalPage } from "@server/http/private-file.ts";
import type { Route } from "./+types/download";

// GET /downloads/:token: a purchased file, through a short-lived signed link (server/delivery).
// A resource route: it answers the file's bytes, or a small page that says why it will not.

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { db, files, secret } = context.get(servicesContext);
  try {
    const target = readDownloadToken(secret, params.token);
    // React Router runs the loader for HEAD too (and drops the body): only a GET is a download.
    const file = await openDownload(db, { files, target, count: request.method === "GET" });
    return new Response(new Uint8Array(file.body), {
      headers: {
        ...PRIVATE_HEADERS,
        "Content-Type": file.contentType,
        "Content-Disposition": contentDisposition(file.fileName),
        "Content-Length": String(file.body.length),
      },
    });
  } catch (error) {
    return refusalPage(error, "Download unavailable", { href: "/account/downloads", label: "Go to your downloads" });
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
