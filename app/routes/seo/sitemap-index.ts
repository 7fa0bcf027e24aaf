import { servicesContext } from "@server/http/context.ts";
import { sitemapIndexXml, sitemapPages } from "@server/seo/sitemap.ts";
import type { Route } from "./+types/sitemap-index";

/** GET /sitemap.xml: the index of the sitemap pages (server/seo/sitemap.ts). */
export async function loader({ context }: Route.LoaderArgs) {
  const { readDb, publicUrl } = context.get(servicesContext);
  return new Response(sitemapIndexXml(publicUrl, await sitemapPages(readDb)), {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
