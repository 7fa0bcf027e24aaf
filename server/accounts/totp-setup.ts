import { encode } from "uqr";

// What Settings shows while two-factor sign-in is being turned on: the otpauth:// address that the
// plugin made (its secret, the shop's name, the account's address) as a QR code for an
// authenticator app to scan, and its secret as text for one that cannot. The QR code is drawn
// here, on the server, as one SVG path (uqr: no native code, no browser code); the page draws it.

export interface TotpSetup {
  /** The otpauth:// address: the confirm form sends it back, to show it again after a wrong code. */
  uri: string;
  /** The secret in base32, in groups of four, for typing into an app by hand. */
  secret: string;
  qr: { size: number; path: string };
}

/** The setup to show for `uri`, the otpauth:// address better-auth's enableTwoFactor gave. */
export function totpSetup(uri: string): TotpSetup {
  const secret = new URL(uri).searchParams.get("secret") ?? "";
  const { data, size } = encode(uri, { ecc: "M", border: 2 });
  // One unit square per dark module, as a single path: small, and crisp at any size.
  let path = "";
  data.forEach((row, y) => {
    row.forEach((dark, x) => {
      if (dark) path += `M${x} ${y}h1v1h-1z`;
    });
  });
  return { uri, secret: secret.match(/.{1,4}/g)?.join(" ") ?? secret, qr: { size, path } };
}

/**
 * Whether `uri` is a setup this account could have been shown (a TOTP address for its email
 * address): the confirm form sends it back, and it is shown again only to the same account.
 */
export function isOwnTotpUri(uri: string, email: string): boolean {
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    return false;
  }
  const label = decodeURIComponent(url.pathname.replace(/^\/+/, ""));
  return (
    url.protocol === "otpauth:" &&
    url.hostname === "totp" &&
    /^[A-Z2-7]+=*$/.test(url.searchParams.get("secret") ?? "") &&
    label.toLowerCase().endsWith(`:${email.toLowerCase()}`)
  );
}
