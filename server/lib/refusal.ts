/**
 * What the shop says when it turns a request down, by kind: the domain names the kind, and this
 * one table gives each its HTTP status, wherever the refusal is answered (a page, a form, the JSON
 * and public APIs, the licence API, a download).
 */
const REFUSAL_STATUS = {
  /** The request's own content is wrong (a field, a missing choice). */
  invalid: 400,
  /** Who is asking is not known (no key, no session) where it must be. */
  unauthenticated: 401,
  /** Known, but not allowed to do this. */
  forbidden: 403,
  "not-found": 404,
  /** The address exists, but not for this method. */
  "method-not-allowed": 405,
  /** It cannot be done as things are now (already done, taken, waiting for something else). */
  conflict: 409,
  /** It was there and has ended (an expired link). */
  gone: 410,
  "too-large": 413,
  "unsupported-type": 415,
  "rate-limited": 429,
  /** A provider the shop relies on (payments) failed or could not be reached: try again. */
  "upstream-failed": 502,
  /** The shop itself cannot serve this now (its database is away): try again shortly. */
  unavailable: 503,
} as const;

export type RefusalKind = keyof typeof REFUSAL_STATUS;

/** A page of the shop where the refused person can do what is missing (Settings, say). */
export interface RefusalLink {
  label: string;
  to: string;
}

/**
 * A request the shop turns down, with a message for the person who made it and its kind. Route
 * modules answer it as it is (app/lib/refusal.server.ts); any other error is a fault and goes to
 * the error screen.
 */
export class Refusal extends Error {
  override name = "Refusal";
  readonly kind: RefusalKind;
  /** The field or parameter at fault, when one is (the APIs name it in their answer). */
  readonly field: string | undefined;
  /** Where to go to be allowed, when somewhere can (a refused page links there). */
  readonly link: RefusalLink | undefined;
  constructor(message: string, kind: RefusalKind, options?: ErrorOptions & { field?: string; link?: RefusalLink }) {
    super(message, options);
    this.kind = kind;
    this.field = options?.field;
    this.link = options?.link;
  }

  /** The HTTP status of its kind. */
  get status(): number {
    return REFUSAL_STATUS[this.kind];
  }
}

/** The kind of a status another library answered with (better-auth's refusals). */
export function refusalKindOf(status: number): RefusalKind {
  const known = Object.entries(REFUSAL_STATUS).find(([, each]) => each === status);
  if (known) return known[0] as RefusalKind;
  return status >= 500 ? "upstream-failed" : "invalid";
}
