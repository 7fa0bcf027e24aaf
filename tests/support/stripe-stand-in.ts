import crypto from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";

// A local stand-in for the part of the Stripe API the shop uses (creating, reading and expiring
// Checkout Sessions, reading a PaymentIntent with its charge expanded, refunding their payments; Connect: Accounts v2 with the recipient
// configuration, v2 Account Links, v1 transfers), so the real SDK can be tested without the
// network. It answers, validates and fails the way Stripe documents; what it does not model it
// refuses rather than accepts. Plus the other direction: webhook deliveries signed the way Stripe
// signs them, snapshot (v1) and thin (v2) events alike.

export type FormValue = string | FormValue[] | { [key: string]: FormValue };
export type FormObject = { [key: string]: FormValue };

export interface RecordedRequest {
  method: string;
  path: string;
  idempotencyKey: string | undefined;
  /** The form body (v1), parsed into nested objects and arrays; empty for a JSON body. */
  params: FormObject;
  /** The JSON body (v2), as sent; absent for a form body. */
  json?: unknown;
  /** The query string, parsed as a form (`include[0]=requirements`); absent without one. */
  query?: FormObject;
}

/** A v2 connected account, as the SDK types it. */
export type V2AccountObject = Stripe.V2.Core.Account;
export type AccountLinkObject = Stripe.V2.Core.AccountLink;
export type TransferObject = Stripe.Transfer;

export interface CheckoutSessionObject {
  id: string;
  object: "checkout.session";
  amount_subtotal: number;
  amount_total: number;
  cancel_url: string | null;
  client_reference_id: string | null;
  created: number;
  currency: string;
  customer_email: string | null;
  expires_at: number;
  livemode: false;
  metadata: Record<string, string>;
  mode: "payment";
  payment_intent: string | null;
  payment_status: "paid" | "unpaid" | "no_payment_required";
  status: "open" | "complete" | "expired";
  success_url: string;
  url: string | null;
}

export interface PaymentIntentObject {
  id: string;
  object: "payment_intent";
  amount: number;
  amount_received: number;
  created: number;
  currency: string;
  latest_charge: string;
  livemode: false;
  metadata: Record<string, string>;
  status: "succeeded";
}

/** A charge, with what the shop reads of it: the card's issuing country. */
export interface ChargeObject {
  id: string;
  object: "charge";
  amount: number;
  created: number;
  currency: string;
  livemode: false;
  paid: true;
  payment_intent: string;
  payment_method_details: { type: "card"; card: { brand: "visa"; country: string | null; last4: string } };
  status: "succeeded";
}

export interface RefundObject {
  id: string;
  object: "refund";
  amount: number;
  balance_transaction: string;
  charge: string;
  created: number;
  currency: string;
  metadata: Record<string, string>;
  payment_intent: string;
  reason: string | null;
  status: "succeeded";
}

export interface StripeStandIn {
  url: string;
  sessions: Map<string, CheckoutSessionObject>;
  paymentIntents: Map<string, PaymentIntentObject>;
  charges: Map<string, ChargeObject>;
  refunds: Map<string, RefundObject>;
  /** Connected accounts, whole (a request's `include` decides what it is answered of them). */
  accounts: Map<string, V2AccountObject>;
  accountLinks: AccountLinkObject[];
  transfers: Map<string, TransferObject>;
  /** The platform's available balance in usd cents, which transfers draw on (plenty unless a test says). */
  balance: { availableCents: number };
  requests: RecordedRequest[];
  /**
   * The buyer pays an open session on Stripe's page: its PaymentIntent is created and succeeds with
   * a card charge (issued in the United States unless `cardCountry` says otherwise; null: Stripe
   * does not know), and the session is complete and paid. Returns the session as the
   * checkout.session.completed event carries it.
   */
  payForSession(sessionId: string, card?: { cardCountry?: string | null }): CheckoutSessionObject;
  /** The next `count` requests get this error response instead (e.g. a 500, to see the SDK retry). */
  failNextRequest(status: number, message: string, count?: number): void;
  /**
   * The seller finishes Stripe's onboarding: nothing is due any more and the account takes
   * transfers. Returns the whole account.
   */
  completeOnboarding(accountId: string): V2AccountObject;
  /**
   * Stripe asks the seller for more (field paths such as "identity.individual.date_of_birth.day"),
   * by `deadline`; `pastDue` restricts transfers until they are given.
   */
  requireInformation(
    accountId: string,
    request: { fields: string[]; deadline?: Date; pastDue?: boolean },
  ): V2AccountObject;
  /** Part (or all) of a transfer comes back to the platform. Returns the transfer as transfer.reversed carries it. */
  reverseTransfer(transferId: string, amount: number, metadata?: Record<string, string>): TransferObject;
  /** A day passes: Stripe keeps an idempotency key 24 hours, after which the same key makes a new object. */
  forgetIdempotencyKeys(): void;
  close(): Promise<void>;
}

interface StripeErrorBody {
  error: { type: string; message: string; param?: string; code?: string };
}

// v2 APIs answer the same envelope; the SDK reads `type` (idempotency_error and v2's own kinds),
// else `code` (invalid_fields), else the status as for v1.
class ApiError extends Error {
  readonly status: number;
  readonly body: StripeErrorBody;
  constructor(status: number, body: StripeErrorBody) {
    super(body.error.message);
    this.status = status;
    this.body = body;
  }
}

const invalid = (message: string, param?: string) =>
  new ApiError(400, { error: { type: "invalid_request_error", message, ...(param && { param }) } });

const MINIMUM_USD_CENTS = 50; // Stripe's minimum charge in usd

export async function startStripeStandIn(): Promise<StripeStandIn> {
  const sessions = new Map<string, CheckoutSessionObject>();
  const paymentIntents = new Map<string, PaymentIntentObject>();
  const charges = new Map<string, ChargeObject>();
  const refunds = new Map<string, RefundObject>();
  const connect: ConnectState = {
    accounts: new Map(),
    accountLinks: [],
    transfers: new Map(),
    balance: { availableCents: 100_000_000 },
  };
  const requests: RecordedRequest[] = [];
  // Stripe keeps the first response to an idempotency key (per API key) and replays it.
  const idempotent = new Map<string, { path: string; body: string; response: object }>();
  const nextFailures: ApiError[] = [];
  let url = "";

  // The requests that create something, by method and path: a key sent with them is remembered.
  const creators: Record<string, (body: string) => object> = {
    "POST /v1/checkout/sessions": (body) => {
      const created = createSession(parseStripeForm(body), url);
      sessions.set(created.id, created);
      return created;
    },
    "POST /v1/refunds": (body) => {
      const created = createRefund(parseStripeForm(body), paymentIntents, refunds);
      refunds.set(created.id, created);
      return created;
    },
    "POST /v1/transfers": (body) => createTransfer(parseStripeForm(body), connect),
    "POST /v2/core/accounts": (body) => createAccount(jsonObject(body), connect),
    "POST /v2/core/account_links": (body) => createAccountLink(jsonObject(body), connect, url),
  };

  async function handle(request: http.IncomingMessage): Promise<{ status: number; body: object; replayed?: true }> {
    const address = new URL(request.url ?? "/", "http://stand-in");
    const path = address.pathname;
    const rawBody = await readBody(request);
    const idempotencyKey = request.headers["idempotency-key"]?.toString();
    const isJson = /^application\/json\b/.test(request.headers["content-type"] ?? "");
    requests.push({
      method: request.method ?? "",
      path,
      idempotencyKey,
      params: isJson ? {} : parseStripeForm(rawBody),
      ...(isJson && { json: parseJsonOrUndefined(rawBody) }),
      ...(address.search && { query: parseStripeForm(address.search.slice(1)) }),
    });

    const failure = nextFailures.shift();
    if (failure) throw failure;
    const apiKey = authenticate(request.headers.authorization);

    const create = creators[`${request.method} ${path}`];
    if (create) {
      const scope = idempotencyKey && `${apiKey} ${idempotencyKey}`;
      const earlier = scope ? idempotent.get(scope) : undefined;
      if (earlier && earlier.path !== path) {
        throw new ApiError(400, {
          error: {
            type: "idempotency_error",
            message:
              `Keys for idempotent requests can only be used for the same endpoint they were first used for ('${path}' vs '${earlier.path}'). ` +
              `Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`,
          },
        });
      }
      if (earlier && earlier.body !== rawBody) {
        throw new ApiError(400, {
          error: {
            type: "idempotency_error",
            message:
              "Keys for idempotent requests can only be used with the same parameters they were first used with. " +
              `Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`,
          },
        });
      }
      if (earlier) return { status: 200, body: earlier.response, replayed: true };
      const created = create(rawBody);
      // Only completed requests are remembered (Stripe saves no result for one that failed validation),
      // and replayed as first sent, even if the object has changed since.
      if (scope) idempotent.set(scope, { path, body: rawBody, response: structuredClone(created) });
      return { status: 200, body: created };
    }

    // The platform's transfers, newest first, of one transfer group when asked (limit 1 to 100).
    if (request.method === "GET" && path === "/v1/transfers") {
      const query = parseStripeForm(address.search.slice(1));
      const group = text(query, "transfer_group");
      const limit = wholeNumber(text(query, "limit") ?? "10", "limit", 1);
      const data = [...connect.transfers.values()]
        .filter((transfer) => group === undefined || transfer.transfer_group === group)
        .reverse();
      return {
        status: 200,
        body: { object: "list", data: data.slice(0, limit), has_more: data.length > limit, url: "/v1/transfers" },
      };
    }

    const account = /^\/v2\/core\/accounts\/([^/]+)$/.exec(path);
    if (request.method === "GET" && account?.[1]) {
      const found = accountNamed(connect, decodeURIComponent(account[1]));
      return { status: 200, body: accountAsIncluded(found, includeOf(parseStripeForm(address.search.slice(1)))) };
    }

    // Expiring a session (the buyer cancelled): only an open one, as Stripe allows.
    const expire = /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/.exec(path);
    if (request.method === "POST" && expire?.[1]) {
      const session = sessionNamed(decodeURIComponent(expire[1]));
      if (session.status !== "open") {
        throw invalid(
          `Only Checkout Sessions with a status in ["open"] can be expired. This session has status "${session.status}".`,
        );
      }
      session.status = "expired";
      return { status: 200, body: session };
    }

    // A PaymentIntent, its latest charge as an id or, when asked (expand[]=latest_charge), whole.
    const intentPath = /^\/v1\/payment_intents\/([^/]+)$/.exec(path);
    if (request.method === "GET" && intentPath?.[1]) {
      const id = decodeURIComponent(intentPath[1]);
      const intent = paymentIntents.get(id);
      if (!intent) {
        throw new ApiError(404, {
          error: {
            type: "invalid_request_error",
            code: "resource_missing",
            message: `No such payment_intent: '${id}'`,
            param: "intent",
          },
        });
      }
      const asked = parseStripeForm(address.search.slice(1)).expand;
      const expand = asked === undefined ? [] : Array.isArray(asked) ? asked : [asked];
      for (const field of expand) {
        if (field !== "latest_charge") throw invalid(`This property cannot be expanded (${String(field)}).`);
      }
      return {
        status: 200,
        body: expand.length > 0 ? { ...intent, latest_charge: charges.get(intent.latest_charge) ?? null } : intent,
      };
    }

    const retrieve = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(path);
    if (request.method === "GET" && retrieve?.[1]) {
      return { status: 200, body: sessionNamed(decodeURIComponent(retrieve[1])) };
    }

    throw new ApiError(404, {
      error: { type: "invalid_request_error", message: `Unrecognized request URL (${request.method}: ${path}).` },
    });
  }

  function sessionNamed(id: string): CheckoutSessionObject {
    const session = sessions.get(id);
    if (!session) {
      throw new ApiError(404, {
        error: {
          type: "invalid_request_error",
          code: "resource_missing",
          message: `No such checkout.session: '${id}'`,
          param: "session",
        },
      });
    }
    return session;
  }

  const server = http.createServer((request, response) => {
    handle(request)
      .then(
        ({ status, body, replayed }) => send(response, status, body, replayed),
        (error: unknown) => {
          if (error instanceof ApiError) return send(response, error.status, error.body);
          send(response, 500, { error: { type: "api_error", message: String(error) } });
        },
      )
      .catch(() => response.destroy());
  });
  server.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    sessions,
    paymentIntents,
    charges,
    refunds,
    ...connect,
    requests,
    payForSession(sessionId, { cardCountry = "US" } = {}) {
      const session = sessions.get(sessionId);
      if (!session) throw new Error(`No such checkout.session: '${sessionId}'`);
      if (session.status !== "open") throw new Error(`Checkout Session ${sessionId} is ${session.status}, not open`);
      const intent: PaymentIntentObject = {
        id: `pi_test_${crypto.randomBytes(12).toString("base64url")}`,
        object: "payment_intent",
        amount: session.amount_total,
        amount_received: session.amount_total,
        created: Math.floor(Date.now() / 1000),
        currency: session.currency,
        latest_charge: `ch_test_${crypto.randomBytes(12).toString("base64url")}`,
        livemode: false,
        metadata: { ...session.metadata },
        status: "succeeded",
      };
      paymentIntents.set(intent.id, intent);
      charges.set(intent.latest_charge, {
        id: intent.latest_charge,
        object: "charge",
        amount: intent.amount,
        created: intent.created,
        currency: intent.currency,
        livemode: false,
        paid: true,
        payment_intent: intent.id,
        payment_method_details: { type: "card", card: { brand: "visa", country: cardCountry, last4: "4242" } },
        status: "succeeded",
      });
      Object.assign(session, { status: "complete", payment_status: "paid", payment_intent: intent.id });
      return structuredClone(session);
    },
    forgetIdempotencyKeys() {
      idempotent.clear();
    },
    failNextRequest(status, message, count = 1) {
      for (let i = 0; i < count; i++) {
        nextFailures.push(
          new ApiError(status, { error: { type: status >= 500 ? "api_error" : "invalid_request_error", message } }),
        );
      }
    },
    completeOnboarding(accountId) {
      const account = accountNamed(connect, accountId);
      account.requirements = { entries: [], summary: undefined };
      setTransfersCapability(account, "active", []);
      return structuredClone(account);
    },
    requireInformation(accountId, { fields, deadline, pastDue = false }) {
      const account = accountNamed(connect, accountId);
      const status: DeadlineStatus = pastDue ? "past_due" : "currently_due";
      // What was asked before and not given is now as late as the rest.
      const earlier = (account.requirements?.entries ?? []).map(
        (entry): RequirementEntry => ({
          ...entry,
          minimum_deadline: { status },
          impact: {
            restricts_capabilities: entry.impact.restricts_capabilities?.map((each) => ({
              ...each,
              deadline: { status },
            })),
          },
        }),
      );
      account.requirements = {
        entries: [...earlier, ...fields.map((field) => requirementEntry(field, status, "routine_verification"))],
        summary: { minimum_deadline: { status, ...(deadline && { time: deadline.toISOString() }) } },
      };
      if (pastDue) {
        setTransfersCapability(account, "restricted", [{ code: "requirements_past_due", resolution: "provide_info" }]);
      }
      return structuredClone(account);
    },
    reverseTransfer(transferId, amount, metadata = {}) {
      const transfer = connect.transfers.get(transferId);
      if (!transfer) throw new Error(`No such transfer: '${transferId}'`);
      if (amount < 1 || amount > transfer.amount - transfer.amount_reversed) {
        throw new Error(
          `Transfer ${transferId} has ${transfer.amount - transfer.amount_reversed} cents left to reverse`,
        );
      }
      const reversal: Stripe.TransferReversal = {
        id: `trr_test_${crypto.randomBytes(12).toString("base64url")}`,
        object: "transfer_reversal",
        amount,
        balance_transaction: `txn_test_${crypto.randomBytes(12).toString("base64url")}`,
        created: Math.floor(Date.now() / 1000),
        currency: transfer.currency,
        destination_payment_refund: `pyr_test_${crypto.randomBytes(12).toString("base64url")}`,
        metadata,
        source_refund: null,
        transfer: transfer.id,
      };
      // Stripe lists the newest first.
      transfer.reversals.data.unshift(reversal);
      transfer.amount_reversed += amount;
      transfer.reversed = transfer.amount_reversed === transfer.amount;
      connect.balance.availableCents += amount;
      return structuredClone(transfer);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections(); // the SDK keeps connections alive
        server.close(() => resolve());
      }),
  };
}

function send(response: http.ServerResponse, status: number, body: object, replayed?: true) {
  response.writeHead(status, {
    "Content-Type": "application/json",
    "Request-Id": `req_${crypto.randomBytes(7).toString("hex")}`,
    ...(replayed && { "Idempotent-Replayed": "true" }),
  });
  response.end(JSON.stringify(body, null, 2));
}

async function readBody(request: http.IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

/** The API key from `Authorization: Bearer sk_test_...`; 401 as Stripe answers without one. */
function authenticate(authorization: string | undefined): string {
  const key = /^Bearer (\S+)$/.exec(authorization ?? "")?.[1];
  if (!key) {
    throw new ApiError(401, {
      error: {
        type: "invalid_request_error",
        message:
          "You did not provide an API key. You need to provide your API key in the Authorization header, " +
          "using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY').",
      },
    });
  }
  if (!/^(sk|rk)_test_/.test(key)) {
    throw new ApiError(401, {
      error: { type: "invalid_request_error", message: `Invalid API Key provided: ${key.slice(0, 8)}****` },
    });
  }
  return key;
}

/**
 * Parses the SDK's form encoding (`line_items[0][price_data][unit_amount]=1200`) into nested
 * objects, with arrays where the keys are indexes 0..n-1.
 */
export function parseStripeForm(body: string): FormObject {
  const root: FormObject = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const path = (key.match(/^[^[]+|\[[^\]]*\]/g) ?? [key]).map((part) => part.replace(/^\[|\]$/g, ""));
    const leaf = path.pop() as string;
    let container = root;
    for (const part of path) {
      const next = container[part];
      if (typeof next === "object" && !Array.isArray(next)) {
        container = next;
      } else {
        const created: FormObject = {};
        container[part] = created;
        container = created;
      }
    }
    container[leaf] = value;
  }
  return arraysFromIndexes(root) as FormObject;
}

function arraysFromIndexes(value: FormValue): FormValue {
  if (typeof value === "string" || Array.isArray(value)) return value;
  const keys = Object.keys(value); // integer-like keys come first, in ascending order
  const converted = Object.fromEntries(keys.map((key) => [key, arraysFromIndexes(value[key] as FormValue)]));
  const isList = keys.length > 0 && keys.every((key, index) => key === String(index));
  return isList ? keys.map((key) => converted[key] as FormValue) : converted;
}

// Parameters beyond these are refused, so that a test never passes over something the stand-in ignores.
const KNOWN_PARAMS = new Set([
  "mode",
  "line_items",
  "client_reference_id",
  "metadata",
  "payment_intent_data",
  "customer_email",
  "success_url",
  "cancel_url",
]);

function createSession(params: FormObject, standInUrl: string): CheckoutSessionObject {
  for (const key of Object.keys(params)) {
    if (!KNOWN_PARAMS.has(key)) throw invalid(`Received unknown parameter: ${key}`, key);
  }
  const mode = text(params, "mode");
  if (!mode) throw invalid("Missing required param: mode.", "mode");
  if (mode !== "payment") throw invalid(`This stand-in only supports mode=payment, not ${mode}.`, "mode");

  const { currency, subtotal } = checkLineItems(params.line_items);
  if (currency === "usd" && subtotal < MINIMUM_USD_CENTS) {
    throw invalid("The Checkout Session's total amount due must add up to at least $0.50 usd");
  }
  const successUrl = text(params, "success_url");
  if (!successUrl) throw invalid("Missing required param: success_url.", "success_url");
  for (const param of ["success_url", "cancel_url"]) {
    const value = text(params, param);
    if (value !== undefined && !URL.canParse(value)) throw invalid("Not a valid URL", param);
  }
  const email = text(params, "customer_email");
  if (email !== undefined && !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email)) {
    throw invalid(`Invalid email address: ${email}`, "customer_email");
  }

  const id = `cs_test_${crypto.randomBytes(24).toString("base64url")}`;
  const created = Math.floor(Date.now() / 1000);
  const metadata = params.metadata;
  return {
    id,
    object: "checkout.session",
    amount_subtotal: subtotal,
    amount_total: subtotal,
    cancel_url: text(params, "cancel_url") ?? null,
    client_reference_id: text(params, "client_reference_id") ?? null,
    created,
    currency,
    customer_email: email ?? null,
    expires_at: created + 24 * 60 * 60,
    livemode: false,
    metadata: typeof metadata === "object" && !Array.isArray(metadata) ? stringsOf(metadata) : {},
    mode: "payment",
    payment_intent: null, // Stripe creates the payment intent only when the buyer pays
    payment_status: "unpaid",
    status: "open",
    success_url: successUrl,
    url: `${standInUrl}/c/pay/${id}`,
  };
}

/** Checks the line items like Stripe does; returns their currency and the sum they add up to. */
function checkLineItems(lineItems: FormValue | undefined): { currency: string; subtotal: number } {
  if (!Array.isArray(lineItems) || lineItems.length === 0) {
    throw invalid("Missing required param: line_items.", "line_items");
  }
  let currency: string | undefined;
  let subtotal = 0;
  lineItems.forEach((item, index) => {
    const at = `line_items[${index}]`;
    if (typeof item !== "object" || Array.isArray(item)) throw invalid("Invalid object", at);
    const priceData = item.price_data;
    if (typeof priceData !== "object" || Array.isArray(priceData)) {
      throw invalid(`Missing required param: ${at}[price_data].`, `${at}[price_data]`);
    }
    const lineCurrency = text(priceData, "currency");
    if (!lineCurrency)
      throw invalid(`Missing required param: ${at}[price_data][currency].`, `${at}[price_data][currency]`);
    if (currency && lineCurrency !== currency) {
      throw invalid("All line items must have the same currency.", `${at}[price_data][currency]`);
    }
    currency = lineCurrency;
    const unitAmount = wholeNumber(text(priceData, "unit_amount"), `${at}[price_data][unit_amount]`, 0);
    const product = priceData.product_data;
    const name = typeof product === "object" && !Array.isArray(product) ? text(product, "name") : undefined;
    if (!name) {
      throw invalid(
        `Missing required param: ${at}[price_data][product_data][name].`,
        `${at}[price_data][product_data][name]`,
      );
    }
    const quantity = wholeNumber(text(item, "quantity"), `${at}[quantity]`, 1);
    subtotal += unitAmount * quantity;
  });
  return { currency: currency as string, subtotal };
}

function wholeNumber(value: string | undefined, param: string, minimum: number): number {
  if (value === undefined) throw invalid(`Missing required param: ${param}.`, param);
  if (!/^-?\d+$/.test(value)) throw invalid(`Invalid integer: ${value}`, param);
  const number = Number(value);
  if (number < minimum) throw invalid(`This value must be greater than or equal to ${minimum}.`, param);
  return number;
}

function text(object: FormObject, key: string): string | undefined {
  const value = object[key];
  return typeof value === "string" ? value : undefined;
}

function stringsOf(object: FormObject): Record<string, string> {
  return Object.fromEntries(
    Object.entries(object).filter((entry): entry is [string, string] => typeof entry[1] === "string"),
  );
}

// ---- Refunds ----

const REFUND_PARAMS = new Set(["payment_intent", "amount", "metadata", "reason"]);
const REFUND_REASONS = new Set(["duplicate", "fraudulent", "requested_by_customer"]);

const dollarsOf = (cents: number) => `$${(cents / 100).toFixed(2)}`;

/**
 * A refund of (part of) a succeeded PaymentIntent, refused as Stripe refuses it: never more than
 * what is left of the charge after earlier refunds. Without an amount, all that is left.
 */
function createRefund(
  params: FormObject,
  paymentIntents: Map<string, PaymentIntentObject>,
  refunds: Map<string, RefundObject>,
): RefundObject {
  for (const key of Object.keys(params)) {
    if (!REFUND_PARAMS.has(key)) throw invalid(`Received unknown parameter: ${key}`, key);
  }
  const intentId = text(params, "payment_intent");
  if (!intentId) {
    throw invalid("One of the following params should be provided for this request: payment_intent or charge.");
  }
  const intent = paymentIntents.get(intentId);
  if (!intent) {
    throw new ApiError(404, {
      error: {
        type: "invalid_request_error",
        code: "resource_missing",
        message: `No such payment_intent: '${intentId}'`,
        param: "payment_intent",
      },
    });
  }
  const reason = text(params, "reason");
  if (reason !== undefined && !REFUND_REASONS.has(reason)) {
    throw invalid("Invalid reason: must be one of duplicate, fraudulent, or requested_by_customer", "reason");
  }
  let refunded = 0;
  for (const refund of refunds.values()) if (refund.payment_intent === intent.id) refunded += refund.amount;
  const left = intent.amount_received - refunded;
  if (left === 0) {
    throw new ApiError(400, {
      error: {
        type: "invalid_request_error",
        code: "charge_already_refunded",
        message: `Charge ${intent.latest_charge} has already been refunded.`,
      },
    });
  }
  const amount = params.amount === undefined ? left : wholeNumber(text(params, "amount"), "amount", 1);
  if (amount > left) {
    throw new ApiError(400, {
      error: {
        type: "invalid_request_error",
        code: "amount_too_large",
        param: "amount",
        message: `Refund amount (${dollarsOf(amount)}) is greater than unrefunded amount on charge (${dollarsOf(left)})`,
      },
    });
  }
  const metadata = params.metadata;
  return {
    id: `re_test_${crypto.randomBytes(12).toString("base64url")}`,
    object: "refund",
    amount,
    balance_transaction: `txn_test_${crypto.randomBytes(12).toString("base64url")}`,
    charge: intent.latest_charge,
    created: Math.floor(Date.now() / 1000),
    currency: intent.currency,
    metadata: typeof metadata === "object" && !Array.isArray(metadata) ? stringsOf(metadata) : {},
    payment_intent: intent.id,
    reason: reason ?? null,
    status: "succeeded",
  };
}

// ---- Connect: Accounts v2, Account Links v2, transfers ----

interface ConnectState {
  accounts: Map<string, V2AccountObject>;
  accountLinks: AccountLinkObject[];
  transfers: Map<string, TransferObject>;
  balance: { availableCents: number };
}

type JsonObject = Record<string, unknown>;

/** A v2 request whose fields are wrong: the SDK reads `code: invalid_fields` as a StripeInvalidRequestError. */
const invalidFields = (message: string) =>
  new ApiError(400, { error: { type: "invalid_request_error", code: "invalid_fields", message } });

function parseJsonOrUndefined(body: string): unknown {
  try {
    return JSON.parse(body);
  } catch {
    return undefined;
  }
}

/** A v2 request's JSON body: an object, or refused as Stripe refuses a body it cannot read. */
function jsonObject(body: string): JsonObject {
  const parsed = body ? parseJsonOrUndefined(body) : {};
  if (!isJsonObject(parsed)) throw invalidFields("The request body could not be parsed as a JSON object.");
  return parsed;
}

const isJsonObject = (value: unknown): value is JsonObject =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** `object` (at `at`) with only the fields of `known`; the shapes past them the stand-in does not model. */
function objectWith(value: unknown, at: string, known: readonly string[]): JsonObject {
  if (!isJsonObject(value)) throw invalidFields(`${at} must be an object.`);
  for (const key of Object.keys(value)) {
    if (!known.includes(key)) throw invalidFields(`Received unknown parameter: ${at ? `${at}.` : ""}${key}`);
  }
  return value;
}

function oneOf<Value extends string>(value: unknown, at: string, allowed: readonly Value[]): Value {
  if (typeof value !== "string" || !(allowed as readonly string[]).includes(value)) {
    throw invalidFields(`${at} must be one of ${allowed.join(", ")}.`);
  }
  return value as Value;
}

function textField(value: unknown, at: string, pattern = /^[\s\S]{1,5000}$/): string {
  if (typeof value !== "string" || !pattern.test(value)) throw invalidFields(`Invalid value for ${at}.`);
  return value;
}

const ACCOUNT_INCLUDES = [
  "configuration.customer",
  "configuration.merchant",
  "configuration.recipient",
  "defaults",
  "future_requirements",
  "identity",
  "requirements",
] as const;

/** What a new recipient account needs from the seller before Stripe transfers to it. */
const ONBOARDING_REQUIREMENTS = [
  "identity.individual.given_name",
  "identity.individual.surname",
  "identity.individual.date_of_birth.day",
  "identity.individual.date_of_birth.month",
  "identity.individual.date_of_birth.year",
  "identity.individual.address.line1",
  "identity.individual.address.postal_code",
  "identity.individual.id_numbers",
  "configuration.recipient.default_outbound_destination",
  "identity.attestations.terms_of_service.account",
];

type RequirementEntry = NonNullable<NonNullable<V2AccountObject["requirements"]>["entries"]>[number];
type DeadlineStatus = RequirementEntry["minimum_deadline"]["status"];

function requirementEntry(
  description: string,
  status: DeadlineStatus,
  reason: RequirementEntry["requested_reasons"][number]["code"] = "routine_onboarding",
): RequirementEntry {
  return {
    awaiting_action_from: "user",
    description,
    errors: [],
    impact: {
      restricts_capabilities: [
        { capability: "stripe_balance.stripe_transfers", configuration: "recipient", deadline: { status } },
      ],
    },
    minimum_deadline: { status },
    requested_reasons: [{ code: reason }],
  };
}

type TransfersCapability = NonNullable<
  NonNullable<NonNullable<NonNullable<V2AccountObject["configuration"]>["recipient"]>["capabilities"]>["stripe_balance"]
>["stripe_transfers"];

function setTransfersCapability(
  account: V2AccountObject,
  status: NonNullable<TransfersCapability>["status"],
  details: NonNullable<TransfersCapability>["status_details"],
) {
  const recipient = account.configuration?.recipient;
  if (!recipient) throw new Error(`Account ${account.id} has no recipient configuration`);
  recipient.capabilities = {
    ...recipient.capabilities,
    stripe_balance: {
      ...recipient.capabilities?.stripe_balance,
      stripe_transfers: { status, status_details: details },
    },
  };
}

/**
 * POST /v2/core/accounts with the recipient configuration (the only one modelled): the account
 * starts restricted, everything of onboarding currently due.
 */
function createAccount(params: JsonObject, connect: ConnectState): V2AccountObject {
  objectWith(params, "", [
    "configuration",
    "contact_email",
    "dashboard",
    "defaults",
    "display_name",
    "identity",
    "include",
    "metadata",
  ]);
  const dashboard =
    params.dashboard === undefined ? "none" : oneOf(params.dashboard, "dashboard", ["express", "full", "none"]);
  let requested = false;
  let recipient = false;
  if (params.configuration !== undefined) {
    const configuration = objectWith(params.configuration, "configuration", ["recipient"]);
    if (configuration.recipient !== undefined) {
      recipient = true;
      const settings = objectWith(configuration.recipient, "configuration.recipient", ["capabilities"]);
      if (settings.capabilities !== undefined) {
        const at = "configuration.recipient.capabilities";
        const balance = objectWith(settings.capabilities, at, ["stripe_balance"]).stripe_balance;
        const transfers = objectWith(balance, `${at}.stripe_balance`, ["stripe_transfers"]).stripe_transfers;
        const ask = objectWith(transfers, `${at}.stripe_balance.stripe_transfers`, ["requested"]).requested;
        if (typeof ask !== "boolean")
          throw invalidFields(`${at}.stripe_balance.stripe_transfers.requested must be a boolean.`);
        requested = ask;
      }
    }
  }
  let defaults: V2AccountObject["defaults"];
  if (params.defaults !== undefined) {
    const given = objectWith(params.defaults, "defaults", ["currency", "responsibilities"]);
    const currency =
      given.currency === undefined ? undefined : textField(given.currency, "defaults.currency", /^[a-z]{3}$/);
    let responsibilities: NonNullable<V2AccountObject["defaults"]>["responsibilities"] = {
      requirements_collector: "stripe",
    };
    if (given.responsibilities !== undefined) {
      const at = "defaults.responsibilities";
      const chosen = objectWith(given.responsibilities, at, ["fees_collector", "losses_collector"]);
      if (chosen.fees_collector === undefined || chosen.losses_collector === undefined) {
        throw invalidFields(`${at} needs both fees_collector and losses_collector.`);
      }
      responsibilities = {
        fees_collector: oneOf(chosen.fees_collector, `${at}.fees_collector`, [
          "application",
          "application_custom",
          "application_express",
          "stripe",
        ] as const),
        losses_collector: oneOf(chosen.losses_collector, `${at}.losses_collector`, ["application", "stripe"] as const),
        requirements_collector: "stripe",
      };
    }
    defaults = { ...(currency && { currency }), responsibilities };
  }
  let identity: V2AccountObject["identity"];
  if (params.identity !== undefined) {
    const given = objectWith(params.identity, "identity", ["country", "entity_type"]);
    identity = {
      ...(given.country !== undefined && {
        country: textField(given.country, "identity.country", /^[A-Za-z]{2}$/).toLowerCase(),
      }),
      ...(given.entity_type !== undefined && {
        entity_type: oneOf(given.entity_type, "identity.entity_type", [
          "company",
          "government_entity",
          "individual",
          "non_profit",
        ]),
      }),
    };
  }
  if (params.contact_email !== undefined)
    textField(params.contact_email, "contact_email", /^[^@\s]+@[^@\s]+\.[^@\s]+$/);
  if (params.display_name !== undefined) textField(params.display_name, "display_name", /^[\s\S]{1,255}$/);
  const metadata =
    params.metadata === undefined
      ? {}
      : objectWith(params.metadata, "metadata", Object.keys(params.metadata as object));
  for (const [key, value] of Object.entries(metadata)) textField(value, `metadata.${key}`, /^[\s\S]{0,500}$/);
  const include = includeOf({ include: params.include as FormValue });

  const account: V2AccountObject = {
    id: `acct_${crypto.randomBytes(12).toString("base64url").replace(/[-_]/g, "0")}`,
    object: "v2.core.account",
    applied_configurations: recipient ? ["recipient"] : [],
    closed: false,
    ...(recipient && {
      configuration: {
        recipient: {
          applied: true,
          capabilities: requested
            ? {
                stripe_balance: {
                  stripe_transfers: {
                    status: "restricted",
                    status_details: [{ code: "requirements_past_due", resolution: "provide_info" }],
                  },
                },
              }
            : {},
        },
      },
    }),
    ...(typeof params.contact_email === "string" && { contact_email: params.contact_email }),
    created: new Date().toISOString(),
    dashboard,
    ...(defaults && { defaults }),
    ...(typeof params.display_name === "string" && { display_name: params.display_name }),
    ...(identity && { identity }),
    livemode: false,
    metadata: metadata as Record<string, string>,
    requirements: {
      entries: recipient ? ONBOARDING_REQUIREMENTS.map((field) => requirementEntry(field, "currently_due")) : [],
      ...(recipient && { summary: { minimum_deadline: { status: "currently_due" as const } } }),
    },
  };
  connect.accounts.set(account.id, account);
  return accountAsIncluded(account, include);
}

function accountNamed(connect: ConnectState, id: string): V2AccountObject {
  const account = connect.accounts.get(id);
  if (!account) {
    throw new ApiError(404, {
      error: { type: "invalid_request_error", code: "resource_missing", message: `No such account: '${id}'` },
    });
  }
  return account;
}

/** `include` as sent in a body (an array) or a query (include[0]=...): checked against what v2 offers. */
function includeOf(params: { include?: FormValue | unknown }): string[] {
  const include = params.include;
  if (include === undefined) return [];
  const list = Array.isArray(include) ? include : [include];
  for (const each of list) oneOf(each, "include", ACCOUNT_INCLUDES);
  return list as string[];
}

/** The account as v2 answers it: the includable parts only when asked for. */
function accountAsIncluded(account: V2AccountObject, include: string[]): V2AccountObject {
  const answer = structuredClone(account);
  const configurations = include.filter((field) => field.startsWith("configuration."));
  if (configurations.length === 0 || !answer.configuration) delete answer.configuration;
  else {
    for (const name of ["customer", "merchant", "recipient"] as const) {
      if (!configurations.includes(`configuration.${name}`)) delete answer.configuration[name];
    }
  }
  for (const field of ["defaults", "future_requirements", "identity", "requirements"] as const) {
    if (!include.includes(field)) delete answer[field];
  }
  return answer;
}

/** POST /v2/core/account_links: a single-use link to Stripe's hosted onboarding, open 10 minutes. */
function createAccountLink(params: JsonObject, connect: ConnectState, standInUrl: string): AccountLinkObject {
  objectWith(params, "", ["account", "use_case"]);
  const accountId = textField(params.account, "account");
  const useCase = objectWith(params.use_case, "use_case", ["type", "account_onboarding", "account_update"]);
  const type = oneOf(useCase.type, "use_case.type", ["account_onboarding", "account_update"]);
  const at = `use_case.${type}`;
  const options = objectWith(useCase[type], at, ["collection_options", "refresh_url", "return_url"]);
  const refreshUrl = textField(options.refresh_url, `${at}.refresh_url`);
  if (!URL.canParse(refreshUrl)) throw invalidFields(`${at}.refresh_url must be a URL.`);
  if (options.return_url !== undefined && !URL.canParse(textField(options.return_url, `${at}.return_url`))) {
    throw invalidFields(`${at}.return_url must be a URL.`);
  }
  if (options.collection_options !== undefined) {
    const collection = objectWith(options.collection_options, `${at}.collection_options`, [
      "fields",
      "future_requirements",
    ]);
    if (collection.fields !== undefined) {
      oneOf(collection.fields, `${at}.collection_options.fields`, ["currently_due", "eventually_due"]);
    }
    if (collection.future_requirements !== undefined) {
      oneOf(collection.future_requirements, `${at}.collection_options.future_requirements`, ["include", "omit"]);
    }
  }
  const account = accountNamed(connect, accountId);
  if (type === "account_update" && account.dashboard !== "none") {
    throw invalidFields(
      "Account Links of type account_update cannot be made for accounts with a Stripe-hosted Dashboard.",
    );
  }
  const created = new Date();
  const link: AccountLinkObject = {
    object: "v2.core.account_link",
    account: account.id,
    created: created.toISOString(),
    expires_at: new Date(created.getTime() + 10 * 60_000).toISOString(),
    livemode: false,
    url: `${standInUrl}/connect/setup/${account.id}/${crypto.randomBytes(18).toString("base64url")}`,
    use_case: { type, [type]: options },
  };
  connect.accountLinks.push(link);
  return link;
}

const TRANSFER_PARAMS = new Set(["amount", "currency", "destination", "description", "metadata", "transfer_group"]);

/**
 * POST /v1/transfers from the platform's usd balance to a connected account, refused as Stripe
 * refuses it: an unknown destination, one that cannot take transfers, a balance too short.
 */
function createTransfer(params: FormObject, connect: ConnectState): TransferObject {
  for (const key of Object.keys(params)) {
    if (!TRANSFER_PARAMS.has(key)) throw invalid(`Received unknown parameter: ${key}`, key);
  }
  const amount = wholeNumber(text(params, "amount"), "amount", 1);
  const currency = text(params, "currency");
  if (!currency) throw invalid("Missing required param: currency.", "currency");
  if (currency !== "usd") throw invalid(`This stand-in only models a usd balance, not ${currency}.`, "currency");
  const destination = text(params, "destination");
  if (!destination) throw invalid("Missing required param: destination.", "destination");
  const account = connect.accounts.get(destination);
  if (!account) {
    throw new ApiError(400, {
      error: {
        type: "invalid_request_error",
        code: "resource_missing",
        param: "destination",
        message: `No such destination: '${destination}'`,
      },
    });
  }
  if (account.configuration?.recipient?.capabilities?.stripe_balance?.stripe_transfers?.status !== "active") {
    // Stripe's words for an account that cannot take transfers (as it answers for v1 accounts).
    throw new ApiError(400, {
      error: {
        type: "invalid_request_error",
        code: "insufficient_capabilities_for_transfer",
        param: "destination",
        message:
          "Your destination account needs to have at least one of the following capabilities enabled: transfers, crypto_transfers, legacy_payments",
      },
    });
  }
  if (amount > connect.balance.availableCents) {
    throw new ApiError(400, {
      error: {
        type: "invalid_request_error",
        code: "balance_insufficient",
        message:
          "You have insufficient available funds in your Stripe account. Try adding funds directly to your available balance by creating Charges using the 4000000000000077 test card. See: https://stripe.com/docs/testing#available-balance",
      },
    });
  }
  connect.balance.availableCents -= amount;
  const id = `tr_test_${crypto.randomBytes(12).toString("base64url")}`;
  const metadata = params.metadata;
  const transfer: TransferObject = {
    id,
    object: "transfer",
    amount,
    amount_reversed: 0,
    balance_transaction: `txn_test_${crypto.randomBytes(12).toString("base64url")}`,
    created: Math.floor(Date.now() / 1000),
    currency,
    description: text(params, "description") ?? null,
    destination,
    destination_payment: `py_test_${crypto.randomBytes(12).toString("base64url")}`,
    livemode: false,
    metadata: typeof metadata === "object" && !Array.isArray(metadata) ? stringsOf(metadata) : {},
    reversals: { object: "list", data: [], has_more: false, url: `/v1/transfers/${id}/reversals` },
    reversed: false,
    source_transaction: null,
    source_type: "card",
    transfer_group: text(params, "transfer_group") ?? null,
  };
  connect.transfers.set(id, transfer);
  return transfer;
}

// ---- Webhook deliveries ----

/** The JSON of an `event` as Stripe delivers it, about this session. */
export function stripeEvent(type: string, session: object, overrides: Record<string, unknown> = {}): string {
  const event = {
    id: `evt_${crypto.randomBytes(12).toString("base64url")}`,
    object: "event",
    api_version: Stripe.API_VERSION, // the version the installed SDK is typed for
    created: Math.floor(Date.now() / 1000),
    data: { object: session },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
    ...overrides,
  };
  // Stripe sends indented JSON; verification must work on the raw bytes, not a re-serialisation.
  return JSON.stringify(event, null, 2);
}

/**
 * The JSON of a thin event as Stripe delivers it to an event destination with the thin payload
 * (Accounts v2 events): no object, only a reference to it, to be read again.
 */
export function thinEvent(type: string, relatedObject: { id: string; type: string; url: string } | null): string {
  const event = {
    id: `evt_test_${crypto.randomBytes(12).toString("base64url")}`,
    object: "v2.core.event",
    type,
    livemode: false,
    created: new Date().toISOString(),
    related_object: relatedObject,
  };
  return JSON.stringify(event, null, 2);
}

/** A thin event about a connected account (v2.core.account[requirements].updated and the like). */
export function accountEvent(type: string, accountId: string): string {
  return thinEvent(type, { id: accountId, type: "v2.core.account", url: `/v2/core/accounts/${accountId}` });
}

/**
 * A webhook delivery signed the way Stripe documents it: `Stripe-Signature: t=<unix seconds>,v1=<hex
 * HMAC-SHA256 of "<t>.<body>" keyed with the endpoint's whole signing secret>`.
 */
export function signedDelivery(
  payload: string,
  secret: string,
  timestamp = Math.floor(Date.now() / 1000),
): { body: string; headers: Headers } {
  const signature = crypto.createHmac("sha256", secret).update(`${timestamp}.${payload}`).digest("hex");
  const headers = new Headers({
    "content-type": "application/json; charset=utf-8",
    "stripe-signature": `t=${timestamp},v1=${signature}`,
    "user-agent": "Stripe/1.0 (+https://stripe.com/docs/webhooks)",
  });
  return { body: payload, headers };
}
