import { servicesContext } from "@server/http/context.ts";
import { parseSitemapPage, sitemapEntries, sitemapXml } from "@server/seo/sitemap.ts";
import type { Route } from "./+types/sitemap-page";

/** GET /sitemap/<kind>-<n>.xml: one page of addresses (server/seo/sitemap.ts). */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { readDb, publicUrl } = context.get(servicesContext);
  const page = parseSitemapPage(params.page);
  const entries = page ? await sitemapEntries(readDb, { kind: page.kind, page: page.page }) : null;
  if (!entries) return new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain" } });
  return new Response(sitemapXml(publicUrl, entries), {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
