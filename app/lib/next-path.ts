// Where a visitor goes after signing in: the page that sent them to sign in (?next=). Only an
// address of this shop, so that a link to the shop can never send someone elsewhere after they
// sign in (an open redirect).

const BASE = "http://shop.invalid";
const LONGEST = 2000;

/**
 * `value` as a path of this shop (path, query and fragment), or null: it must start with one "/",
 * and hold no backslash (browsers read "/\\evil.com" as "//evil.com"), no whitespace or control
 * character (they drop tabs and line breaks: "/\t/evil.com"), nothing that leaves the shop, before
 * or after its dot segments are resolved.
 */
export function safeNextPath(value: string | null | undefined): string | null {
  if (!value || value.length > LONGEST) return null;
  if (!value.startsWith("/") || value.startsWith("//")) return null;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point.
  if (/[\\\s\u0000-\u001F\u007F]/.test(value)) return null;
  let url: URL;
  try {
    url = new URL(value, BASE);
  } catch {
    return null;
  }
  if (url.origin !== BASE) return null;
  // Checked again once normalised: "/.//evil.com" and "/%2e%2e//evil.com" come out as "//evil.com",
  // another site to a browser.
  const path = url.pathname + url.search + url.hash;
  return path.startsWith("//") ? null : path;
}

/** The address that asks a visitor to sign in, then brings them back to `next` (the page they asked for). */
export function signInAddress(next: string | null): string {
  const safe = safeNextPath(next);
  return safe && safe !== "/" ? `/?signin=required&next=${encodeURIComponent(safe)}` : "/?signin=required";
}
