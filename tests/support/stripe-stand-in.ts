import crypto from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";

// A local stand-in for the part of the Stripe API the shop uses (creating, reading and expiring
// Checkout Sessions, refunding their payments), so the real SDK can be tested without the network. It answers, validates and
// fails the way Stripe documents; what it does not model it refuses rather than accepts.
// Plus the other direction: webhook deliveries signed the way Stripe signs them.

export type FormValue = string | FormValue[] | { [key: string]: FormValue };
export type FormObject = { [key: string]: FormValue };

export interface RecordedRequest {
  method: string;
  path: string;
  idempotencyKey: string | undefined;
  /** The form body, parsed into nested objects and arrays. */
  params: FormObject;
}

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
  refunds: Map<string, RefundObject>;
  requests: RecordedRequest[];
  /**
   * The buyer pays an open session on Stripe's page: its PaymentIntent is created and succeeds, and
   * the session is complete and paid. Returns the session as the checkout.session.completed event carries it.
   */
  payForSession(sessionId: string): CheckoutSessionObject;
  /** The next request gets this error response instead (e.g. a 500, to see the SDK retry). */
  failNextRequest(status: number, message: string): void;
  close(): Promise<void>;
}

interface StripeErrorBody {
  error: { type: string; message: string; param?: string; code?: string };
}

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
  const refunds = new Map<string, RefundObject>();
  const requests: RecordedRequest[] = [];
  // Stripe keeps the first response to an idempotency key (per API key) and replays it.
  const idempotent = new Map<string, { path: string; body: string; response: object }>();
  let nextFailure: ApiError | undefined;
  let url = "";

  async function handle(request: http.IncomingMessage): Promise<{ status: number; body: object; replayed?: true }> {
    const path = (request.url ?? "/").split("?")[0] ?? "/";
    const rawBody = await readBody(request);
    const idempotencyKey = request.headers["idempotency-key"]?.toString();
    requests.push({ method: request.method ?? "", path, idempotencyKey, params: parseStripeForm(rawBody) });

    if (nextFailure) {
      const failure = nextFailure;
      nextFailure = undefined;
      throw failure;
    }
    const apiKey = authenticate(request.headers.authorization);

    if (request.method === "POST" && (path === "/v1/checkout/sessions" || path === "/v1/refunds")) {
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
      let created: CheckoutSessionObject | RefundObject;
      if (path === "/v1/refunds") {
        created = createRefund(parseStripeForm(rawBody), paymentIntents, refunds);
        refunds.set(created.id, created);
      } else {
        created = createSession(parseStripeForm(rawBody), url);
        sessions.set(created.id, created);
      }
      // Only completed requests are remembered (Stripe saves no result for one that failed validation),
      // and replayed as first sent, even if the object has changed since.
      if (scope) idempotent.set(scope, { path, body: rawBody, response: structuredClone(created) });
      return { status: 200, body: created };
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
    refunds,
    requests,
    payForSession(sessionId) {
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
      Object.assign(session, { status: "complete", payment_status: "paid", payment_intent: intent.id });
      return structuredClone(session);
    },
    failNextRequest(status, message) {
      nextFailure = new ApiError(status, {
        error: { type: status >= 500 ? "api_error" : "invalid_request_error", message },
      });
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
