import { checkVAT, countries } from "jsvat";
import { compactVatNumber } from "../../../shared/vat-number-schema.ts";
import { prefixRule, VIES_MEMBER_STATES, viesPrefixOf } from "./vat-number-rules.ts";

// Reading a VAT number as a buyer types it: the separators out, the prefix found (or taken from the
// buyer's country), Greece's ISO code GR turned into EL, as VIES wants it, and the number checked
// for its country's shape and check digits with jsvat (docs/decisions/058 says why jsvat). A number
// that passes is not yet known to exist: VIES says that (vies-client.ts).

export type VatNumberReading =
  | {
      ok: true;
      /** The VIES prefix: EL for Greece, XI for Northern Ireland. */
      prefix: string;
      /** The number without its prefix, as VIES takes it. */
      number: string;
      /** The whole number as kept and printed: prefix and number ("EL094259216"). */
      vatNumber: string;
      /** The ISO 3166-1 country: GR for EL, GB for XI. */
      country: string;
    }
  | { ok: false; message: string };

export const VAT_NUMBER_FORMAT_MESSAGES = {
  empty: "Enter your VAT number, like DE123456789.",
  noPrefix: "Enter your VAT number with its country prefix, like DE123456789.",
  unitedKingdom:
    "VAT numbers of Great Britain (GB) cannot be checked with the EU's VIES service. A business in Northern Ireland can give its XI number.",
} as const;

/**
 * Reads `input` as a VAT number. `country` (ISO 3166-1, the buyer's country at checkout) gives the
 * prefix when the number has none. Answers the number's parts, or a message that says what is wrong.
 */
export function readVatNumber(input: string, { country }: { country?: string } = {}): VatNumberReading {
  const compacted = compactVatNumber(input);
  if (compacted === "") return { ok: false, message: VAT_NUMBER_FORMAT_MESSAGES.empty };
  const split = splitPrefix(compacted, country);
  if (!split.ok) return split;
  const { prefix, number } = split;
  const rule = prefixRule(prefix)!;
  const notValid = `This is not a valid VAT number for ${rule.name}`;
  if (number === "") return { ok: false, message: `${notValid}: it is ${rule.shape}.` };
  const checked = checkVAT(`${jsvatPrefix(prefix)}${number}`, countries);
  if (!checked.isValidFormat) return { ok: false, message: `${notValid}: it is ${rule.shape}.` };
  if (!checked.isValid) {
    return { ok: false, message: `${notValid}: its check digit does not match. Please look for a mistyped digit.` };
  }
  return { ok: true, prefix, number, vatNumber: `${prefix}${number}`, country: rule.country };
}

type Split = { ok: true; prefix: string; number: string } | { ok: false; message: string };

/** The prefix and the rest: the number's own prefix, or else the buyer's country's. */
function splitPrefix(compacted: string, country: string | undefined): Split {
  const head = compacted.slice(0, 2);
  if (head === "GR") return { ok: true, prefix: "EL", number: compacted.slice(2) };
  if (VIES_MEMBER_STATES.includes(head)) return { ok: true, prefix: head, number: compacted.slice(2) };
  if (head === "GB") return { ok: false, message: VAT_NUMBER_FORMAT_MESSAGES.unitedKingdom };
  const countryPrefix = country ? viesPrefixOf(country) : undefined;
  // Some numbers begin with letters of their own (Spain's, Austria's U): the buyer's country's
  // prefix goes before a number that has none of the known ones.
  if (countryPrefix) return { ok: true, prefix: countryPrefix, number: compacted };
  if (/^[A-Z]{2}/.test(compacted)) {
    return {
      ok: false,
      message: `${head} is not the prefix of an EU member state's VAT numbers. Enter an EU VAT number with its country prefix, like DE123456789.`,
    };
  }
  return { ok: false, message: VAT_NUMBER_FORMAT_MESSAGES.noPrefix };
}

/** jsvat writes Greece's numbers with EL and knows Northern Ireland's as UK numbers (GB). */
function jsvatPrefix(prefix: string): string {
  return prefix === "XI" ? "GB" : prefix;
}
