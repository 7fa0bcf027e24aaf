import { servicesContext } from "@server/http/context.ts";
import { robotsTxt } from "@server/seo/sitemap.ts";
import type { Route } from "./+types/robots";

/** GET /robots.txt (server/seo/sitemap.ts). */
export function loader({ context }: Route.LoaderArgs) {
  const { publicUrl } = context.get(servicesContext);
  return new Response(robotsTxt(publicUrl), {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
