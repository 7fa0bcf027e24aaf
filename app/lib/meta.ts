import type { MetaDescriptor } from "react-router";

interface MatchLike {
  id: string;
  loaderData?: unknown;
}

/** `<title>` and description for a page, with the shop's name from the root loader. */
export function pageMeta(
  matches: readonly (MatchLike | undefined)[],
  title: string | null,
  description?: string,
): MetaDescriptor[] {
  const root = matches.find((match) => match?.id === "root")?.loaderData as { shopName?: string } | undefined;
  const shopName = root?.shopName ?? "Marketplace";
  const tags: MetaDescriptor[] = [{ title: title ? `${title} | ${shopName}` : shopName }];
  if (description) tags.push({ name: "description", content: description });
  return tags;
}
