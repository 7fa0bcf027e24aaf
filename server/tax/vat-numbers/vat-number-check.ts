import type { Database } from "../../db/client.ts";
import { Refusal } from "../../lib/refusal.ts";
import { type VatCheckLimit, vatCheckLimit } from "./vat-check-limit.ts";
import { readVatNumber } from "./vat-number-format.ts";
import { prefixRule } from "./vat-number-rules.ts";
import { type ViesAnswerCache, viesAnswerCache } from "./vies-answer-cache.ts";
import { askVies, type ViesOptions, type ViesUnavailableReason } from "./vies-client.ts";

// A business buyer's VAT number at checkout, checked (docs/decisions/058): its shape first, then
// VIES (a day's valid answers from the cache, the rest within the client's limit). A number that is
// malformed or that VIES says is not registered is refused with a message for the buyer (400): the
// checkout asks again, and charges nothing on a number it could not accept. With VIES unable to say,
// the buyer pays the tax and may claim it back once the number is confirmed ("check again later").

/** A number VIES confirmed: the evidence to keep on the order (Reg. 282/2011 Art. 18(1)(a)). */
export interface ConfirmedVatNumber {
  status: "valid";
  /** The whole number, prefix first ("EL094259216"). */
  vatNumber: string;
  /** ISO 3166-1: GR for an EL number, GB for an XI one. */
  country: string;
  name?: string;
  address?: string;
  /** VIES's consultation number, when the shop names its own VAT number (VIES_REQUESTER_VAT_NUMBER). */
  consultationNumber?: string;
  /** When VIES confirmed it (ISO 8601): a cached answer keeps the time of the check it came from. */
  checkedAt: string;
}

/** A well-formed number VIES could not check now: the tax is charged, the number checked again later. */
export interface UncheckedVatNumber {
  status: "unavailable";
  vatNumber: string;
  country: string;
  reason: ViesUnavailableReason;
  /** For the log and the admin, not the buyer. */
  detail: string;
  /** What the buyer is told. */
  message: string;
  /** When it was tried (ISO 8601): kept for each try after the sale; the checkout's is the order's time. */
  triedAt?: string;
}

/**
 * A number VIES said was not registered (or refused) when asked again after the sale: the order's
 * evidence that the VAT it charged stays. The checkout refuses such a number instead (a Refusal).
 */
interface RefusedVatNumber {
  status: "invalid";
  vatNumber: string;
  country: string;
  reason: "not-registered" | "refused-input" | "blocked";
  /** What the buyer is told. */
  message: string;
  /** When VIES answered (ISO 8601). */
  checkedAt: string;
}

/**
 * What checking a number answered: the evidence kept with the cart and the order (an order keeps
 * one per try, a refused one only from a check after the sale).
 */
export type VatNumberCheck = ConfirmedVatNumber | UncheckedVatNumber | RefusedVatNumber;

export interface VatNumberCheckServices {
  vies: ViesOptions;
  cache: ViesAnswerCache;
  limit: VatCheckLimit;
}

/**
 * Checks a buyer's VAT number. `country` is the buyer's (ISO 3166-1), for a number typed without
 * its prefix; `client` the buyer's address, for the limit. Answers the confirmed number or the
 * unchecked one; throws a Refusal (invalid, on the field vatNumber) for a number that is malformed
 * or not registered, and (rate-limited) past the client's limit.
 */
export async function checkVatNumber(
  services: VatNumberCheckServices,
  { input, country, client, signal }: { input: string; country?: string; client: string; signal?: AbortSignal },
): Promise<ConfirmedVatNumber | UncheckedVatNumber> {
  const reading = readVatNumber(input, { country });
  if (!reading.ok) throw new Refusal(reading.message, "invalid", { field: "vatNumber" });
  const { prefix, number, vatNumber } = reading;
  let answer = services.cache.get(prefix, number);
  if (!answer) {
    await services.limit.take(client);
    const asked = await askVies(services.vies, { countryCode: prefix, vatNumber: number, signal });
    if (asked.status === "invalid") {
      throw new Refusal(
        `VIES, the EU's register of VAT numbers, does not know ${vatNumber} as a VAT number registered in ${prefixRule(prefix)!.name}. Please check it, or leave it out and pay with VAT.`,
        "invalid",
        { field: "vatNumber" },
      );
    }
    if (asked.status === "unavailable") {
      return {
        status: "unavailable",
        vatNumber,
        country: reading.country,
        reason: asked.reason,
        detail: asked.detail,
        message: `Your VAT number could not be checked just now (${whoDidNotAnswer(asked.reason, prefix)} did not answer). You pay VAT on this order; once the number is confirmed, you can claim the VAT back.`,
      };
    }
    services.cache.keep(asked);
    answer = asked;
  }
  return {
    status: "valid",
    vatNumber,
    country: reading.country,
    name: answer.name,
    address: answer.address,
    consultationNumber: answer.consultationNumber,
    checkedAt: answer.checkedAt,
  };
}

/**
 * Asks VIES again about a number kept on an order (docs/decisions/058, "check again later"): not
 * through the day's cache nor the client's limit, which are for buyers at the checkout. Answers the
 * evidence of this try, whatever VIES said; `vatNumber` is the whole number, prefix first.
 */
export async function checkVatNumberAgain(
  vies: ViesOptions,
  { vatNumber, signal }: { vatNumber: string; signal?: AbortSignal },
): Promise<VatNumberCheck> {
  const reading = readVatNumber(vatNumber);
  // A number the checkout read, that the rules now refuse (a member state changed its numbers' shape).
  if (!reading.ok) {
    const country = prefixRule(vatNumber.slice(0, 2))?.country ?? vatNumber.slice(0, 2);
    const checkedAt = new Date().toISOString();
    return { status: "invalid", vatNumber, country, reason: "refused-input", message: reading.message, checkedAt };
  }
  const { prefix, number, country } = reading;
  const asked = await askVies(vies, { countryCode: prefix, vatNumber: number, signal });
  if (asked.status === "unavailable") {
    return {
      status: "unavailable",
      vatNumber,
      country,
      reason: asked.reason,
      detail: asked.detail,
      message: `Your VAT number could not be checked just now (${whoDidNotAnswer(asked.reason, prefix)} did not answer).`,
      triedAt: new Date().toISOString(),
    };
  }
  if (asked.status === "invalid") {
    return {
      status: "invalid",
      vatNumber,
      country,
      reason: asked.reason,
      message: `VIES, the EU's register of VAT numbers, does not know ${vatNumber} as a VAT number registered in ${prefixRule(prefix)!.name}.`,
      checkedAt: asked.checkedAt,
    };
  }
  return {
    status: "valid",
    vatNumber,
    country,
    name: asked.name,
    address: asked.address,
    consultationNumber: asked.consultationNumber,
    checkedAt: asked.checkedAt,
  };
}

/** The member state's register when VIES says it is away or busy; else VIES itself. */
function whoDidNotAnswer(reason: ViesUnavailableReason, prefix: string): string {
  return reason.startsWith("MS_") ? `${prefixRule(prefix)!.name}'s register` : "the EU's VIES service";
}

/** What the app's requests use: one cache per process, the limit in the database. */
export function vatNumberChecker({ db, vies }: { db: Database; vies: ViesOptions }) {
  const services: VatNumberCheckServices = { vies, cache: viesAnswerCache(), limit: vatCheckLimit(db) };
  return {
    check: (request: Parameters<typeof checkVatNumber>[1]) => checkVatNumber(services, request),
    /** Where VIES is asked: an order's number is asked again there (checkVatNumberAgain), past the cache and the limit. */
    vies,
  };
}

export type VatNumberChecker = ReturnType<typeof vatNumberChecker>;
