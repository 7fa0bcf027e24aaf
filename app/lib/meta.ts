import { PREVIEW_HEIGHT, PREVIEW_WIDTH, SHOP_PREVIEW_PATH } from "@shared/link-preview.ts";
import type { MetaDescriptor } from "react-router";

interface MatchLike {
  id: string;
  loaderData?: unknown;
}

/** What a page's link preview shows other than the shop's picture: a product's picture and kind. */
export interface Preview {
  /** The picture's path (server/media/og-image.ts); the shop's own when absent. */
  image?: string | null;
  type?: "website" | "product";
}

/**
 * `<title>` and description for a page, with the shop's name from the root loader, and its link
 * preview (Open Graph, X card): the same title and description, and a 1200x630 JPEG.
 */
export function pageMeta(
  matches: readonly (MatchLike | undefined)[],
  title: string | null,
  description?: string,
  preview: Preview = {},
): MetaDescriptor[] {
  const root = matches.find((match) => match?.id === "root")?.loaderData as
    | { shopName?: string; publicUrl?: string }
    | undefined;
  const shopName = root?.shopName ?? "Marketplace";
  const tags: MetaDescriptor[] = [{ title: title ? `${title} | ${shopName}` : shopName }];
  if (description) tags.push({ name: "description", content: description });
  tags.push(
    { property: "og:site_name", content: shopName },
    { property: "og:type", content: preview.type ?? "website" },
    { property: "og:title", content: title ?? shopName },
  );
  if (description) tags.push({ property: "og:description", content: description });
  // Previews name their picture by its absolute address; the root loader knows the shop's.
  if (root?.publicUrl) {
    tags.push(
      { property: "og:image", content: `${root.publicUrl}${preview.image ?? SHOP_PREVIEW_PATH}` },
      { property: "og:image:type", content: "image/jpeg" },
      { property: "og:image:width", content: String(PREVIEW_WIDTH) },
      { property: "og:image:height", content: String(PREVIEW_HEIGHT) },
    );
  }
  tags.push({ name: "twitter:card", content: "summary_large_image" });
  return tags;
}
