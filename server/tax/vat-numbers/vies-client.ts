import { z } from "zod";

// The European Commission's VIES service, through its REST API (POST {base}/check-vat-number; the
// API's contract is the Commission's swagger_publicVAT.yaml, decision 058 says where). VIES asks the
// member state's own register and says whether a VAT number is registered there, now. Its answer is
// evidence that the buyer is a taxable person (Reg. 282/2011 Art. 18(1)(a)); a consultation number,
// given when the shop names its own VAT number as the requester, is how that evidence is proved.

/** Long enough for a member state that answers slowly, short enough for a buyer waiting at checkout. */
const DEFAULT_TIME_LIMIT_MS = 5_000;

/**
 * The codes VIES answers instead of a verdict (the errorWrappers of its CommonResponse), as listed in
 * the service's own documentation. Each of these means "no verdict now", not "not registered".
 */
export const VIES_NO_VERDICT_CODES = [
  "SERVICE_UNAVAILABLE",
  "MS_UNAVAILABLE",
  "TIMEOUT",
  "GLOBAL_MAX_CONCURRENT_REQ",
  "GLOBAL_MAX_CONCURRENT_REQ_TIME",
  "MS_MAX_CONCURRENT_REQ",
  "MS_MAX_CONCURRENT_REQ_TIME",
  "IP_BLOCKED",
  "INVALID_REQUESTER_INFO",
] as const;

/** Why there is no verdict: a code VIES gave, or what went wrong on the way to it. */
export type ViesUnavailableReason =
  | (typeof VIES_NO_VERDICT_CODES)[number]
  /** VIES did not answer within the time limit. */
  | "time-limit"
  /** No connection (refused, reset, no such host). */
  | "unreachable"
  /** An answer that is not the API's JSON (an HTML error page, a cut-off body, another shape). */
  | "unexpected-answer";

/** The shop's own VAT number, sent as the requester to be given a consultation number. */
interface ViesRequester {
  /** The VIES prefix of the shop's member state (EL for Greece). */
  countryCode: string;
  /** The number without its prefix. */
  number: string;
}

export interface ViesOptions {
  /** The API's base address, without a final slash (vies-addresses.ts, or VIES_URL). */
  baseUrl: string;
  requester?: ViesRequester;
  /** How long to wait for VIES, in milliseconds; 5 s unless said. */
  timeLimitMs?: number;
}

export type ViesAnswer =
  | {
      status: "valid";
      /** The VIES prefix and the number without it, as VIES confirmed them. */
      countryCode: string;
      vatNumber: string;
      /** The holder's name and address, where the member state gives them. */
      name?: string;
      address?: string;
      /** VIES's proof of this check; only when the shop named itself as the requester. */
      consultationNumber?: string;
      /** When VIES checked it (ISO 8601), as VIES says. */
      checkedAt: string;
    }
  | {
      status: "invalid";
      countryCode: string;
      vatNumber: string;
      /** not-registered: the member state does not know it; refused-input: VIES refused the number itself; blocked: the member state blocks it. */
      reason: "not-registered" | "refused-input" | "blocked";
      checkedAt: string;
    }
  | { status: "unavailable"; reason: ViesUnavailableReason; detail: string };

// What VIES answers: a verdict (200), or a CommonResponse with error codes (400, 500). Name and
// address are "---" where the member state gives none.
const verdictSchema = z.object({
  valid: z.boolean(),
  requestDate: z.string().optional(),
  requestIdentifier: z.string().nullish(),
  name: z.string().nullish(),
  address: z.string().nullish(),
  // The GET form of the API says its errors here; taken the same way should the POST form do so.
  userError: z.string().optional(),
});
const errorSchema = z.object({
  actionSucceed: z.literal(false),
  errorWrappers: z.array(z.object({ error: z.string(), message: z.string().nullish() })).min(1),
});

/**
 * Asks VIES whether `vatNumber` (without its prefix) is registered in the member state `countryCode`
 * (a VIES prefix: EL, XI). Answers valid, invalid, or unavailable with the reason; it throws only
 * when the caller's `signal` ends the wait (the caller went away).
 */
export async function askVies(
  options: ViesOptions,
  { countryCode, vatNumber, signal }: { countryCode: string; vatNumber: string; signal?: AbortSignal },
): Promise<ViesAnswer> {
  const timeLimitMs = options.timeLimitMs ?? DEFAULT_TIME_LIMIT_MS;
  const timeLimit = AbortSignal.timeout(timeLimitMs);
  let status: number;
  let text: string;
  try {
    const response = await fetch(`${options.baseUrl}/check-vat-number`, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json" },
      body: JSON.stringify({
        countryCode,
        vatNumber,
        ...(options.requester
          ? { requesterMemberStateCode: options.requester.countryCode, requesterNumber: options.requester.number }
          : {}),
      }),
      signal: signal ? AbortSignal.any([signal, timeLimit]) : timeLimit,
    });
    status = response.status;
    text = await response.text();
  } catch (error) {
    if (signal?.aborted) throw signal.reason;
    if (timeLimit.aborted) return unavailable("time-limit", `VIES did not answer within ${timeLimitMs} ms`);
    return unavailable("unreachable", `VIES could not be reached: ${describe(error)}`);
  }
  return readAnswer(status, text, { countryCode, vatNumber });
}

function readAnswer(status: number, text: string, asked: { countryCode: string; vatNumber: string }): ViesAnswer {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return unavailable("unexpected-answer", `VIES answered ${status} with something other than JSON: ${excerpt(text)}`);
  }
  const refused = errorSchema.safeParse(body);
  if (refused.success) {
    const [first] = refused.data.errorWrappers;
    return fromErrorCode(first!.error, first!.message ?? "", asked);
  }
  const verdict = verdictSchema.safeParse(body);
  if (status !== 200 || !verdict.success) {
    return unavailable(
      "unexpected-answer",
      `VIES answered ${status} in a shape it does not document: ${excerpt(text)}`,
    );
  }
  const answer = verdict.data;
  if (answer.userError && answer.userError !== "VALID" && answer.userError !== "INVALID") {
    return fromErrorCode(answer.userError, "", asked);
  }
  const checkedAt = isoTime(answer.requestDate);
  if (!answer.valid) return { status: "invalid", ...asked, reason: "not-registered", checkedAt };
  return {
    status: "valid",
    ...asked,
    name: given(answer.name),
    address: given(answer.address),
    consultationNumber: given(answer.requestIdentifier),
    checkedAt,
  };
}

/** An error code as a verdict (VIES refused the number) or the reason there is none. */
function fromErrorCode(code: string, message: string, asked: { countryCode: string; vatNumber: string }): ViesAnswer {
  const checkedAt = new Date().toISOString();
  if (code === "INVALID_INPUT") return { status: "invalid", ...asked, reason: "refused-input", checkedAt };
  if (code === "VAT_BLOCKED") return { status: "invalid", ...asked, reason: "blocked", checkedAt };
  const said = message ? `${code}: ${message}` : code;
  if ((VIES_NO_VERDICT_CODES as readonly string[]).includes(code)) {
    return unavailable(code as ViesUnavailableReason, `VIES answered ${said}`);
  }
  return unavailable("unexpected-answer", `VIES answered a code it does not document: ${said}`);
}

function unavailable(reason: ViesUnavailableReason, detail: string): ViesAnswer {
  return { status: "unavailable", reason, detail };
}

/** A name or address as given; "---" (VIES's "not given") and blanks as nothing. */
function given(value: string | null | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed && trimmed !== "---" ? trimmed : undefined;
}

/** VIES's request date as ISO 8601 ("2026-11-28T10:15:00.123Z"); now, should it give none we can read. */
function isoTime(value: string | undefined): string {
  const time = value ? Date.parse(value) : Number.NaN;
  return new Date(Number.isNaN(time) ? Date.now() : time).toISOString();
}

function excerpt(text: string): string {
  const oneLine = text.replace(/\s+/g, " ").trim();
  return oneLine === "" ? "(an empty body)" : oneLine.length > 200 ? `${oneLine.slice(0, 200)}...` : oneLine;
}

function describe(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  return cause?.code ?? cause?.message ?? (error as Error).message ?? String(error);
}
