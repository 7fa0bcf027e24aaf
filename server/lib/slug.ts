/**
 * `paper-fox-studio` from "Paper Fox Studio!": accents dropped, lowercase ASCII letters and digits
 * joined by single dashes, none at either end; cut to `maxLength` when given.
 */
export function slugify(text: string, maxLength = Number.POSITIVE_INFINITY): string {
  return text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, maxLength)
    .replace(/-+$/, "");
}
