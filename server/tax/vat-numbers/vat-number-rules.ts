import rules from "./vat-number-rules.json" with { type: "json" };

// The prefixes VIES checks and what each stands for (vat-number-rules.json, with its source).

export interface VatPrefixRule {
  /** ISO 3166-1 alpha-2: GR for EL, GB for XI. */
  country: string;
  name: string;
  /** The numbers' shape in words, for a buyer who typed one wrong. */
  shape: string;
}

const PREFIXES: Readonly<Record<string, VatPrefixRule>> = rules.prefixes;

/** Every prefix VIES answers for: the 27 member states (Greece as EL) and Northern Ireland (XI). */
export const VIES_MEMBER_STATES: readonly string[] = Object.keys(PREFIXES);

/** The rule of a VIES prefix ("EL"); undefined for one VIES does not check ("GB", "GR"). */
export function prefixRule(prefix: string): VatPrefixRule | undefined {
  return Object.hasOwn(PREFIXES, prefix) ? PREFIXES[prefix] : undefined;
}

/**
 * The VIES prefix of a country's VAT numbers ("GR" -> "EL", "DE" -> "DE"); undefined for a country
 * whose numbers VIES does not check. The UK's are not (since 2021), but for Northern Ireland's XI
 * numbers, which a buyer types with their prefix.
 */
export function viesPrefixOf(country: string): string | undefined {
  if (country === "GB") return undefined;
  return Object.entries(PREFIXES).find(([, rule]) => rule.country === country)?.[0];
}
