import { data, type MiddlewareFunction } from "react-router";
import { loadShopFrame } from "./shop-frame.server";

const MALFORMED_ADDRESS = "This address is not valid.";

// C0 controls and DEL: no path or query value of the shop holds one, and PostgreSQL refuses NUL.
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point.
const CONTROL_CHARACTER = /[\u0000-\u001F\u007F]/;

/** Whether an address cannot be read as text: a broken percent-encoding, or a control character. */
export function isMalformedAddress(url: URL): boolean {
  let path: string;
  try {
    path = decodeURIComponent(url.pathname);
  } catch {
    return true;
  }
  if (CONTROL_CHARACTER.test(path)) return true;
  for (const [name, value] of url.searchParams) {
    if (CONTROL_CHARACTER.test(name) || CONTROL_CHARACTER.test(value)) return true;
  }
  return false;
}

/**
 * Root middleware: an address that cannot be read is answered with the shop's 400 page before any
 * loader or action sees it (a NUL in /creator/%00 would otherwise reach the database).
 */
export const refuseMalformedAddresses: MiddlewareFunction<Response> = async (args, next) => {
  if (isMalformedAddress(new URL(args.request.url))) {
    // The page keeps the shop's frame (brand, categories; the header asks for the rest): no loader will run.
    const frame = await loadShopFrame(args);
    throw data({ message: MALFORMED_ADDRESS, frame }, { status: 400 });
  }
  return next();
};
