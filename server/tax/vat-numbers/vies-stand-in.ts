import crypto from "node:crypto";
import express from "express";
import { VIES_MEMBER_STATES } from "./vat-number-rules.ts";
import standInRegister from "./vies-stand-in-register.json" with { type: "json" };

// A local stand-in of the VIES REST API's check-vat-number (server/tax/vat-numbers/vies-client.ts
// asks it as it asks the real one), so that tests and the demo shop never reach the Commission's
// service. It answers in the API's own shapes: a verdict with 200; INVALID_INPUT (400) for what the
// API refuses to read; the codes of a service with no verdict (500) for a member state it says is
// away. Its register is data (vies-stand-in-register.json): made-up traders, whose numbers pass the
// member states' check digits so that the shop's own format check lets them through.

interface StandInTrader {
  name?: string;
  address?: string;
}

/** Who the stand-in knows, and what it cannot answer. Numbers are written whole, prefix first: "DE…". */
export interface StandInRegister {
  traders: Record<string, StandInTrader>;
  /** Member states (VIES prefixes) whose register is away: every number there answers MS_UNAVAILABLE. */
  unavailableMemberStates: readonly string[];
  /** Numbers that answer one of VIES's error codes instead of a verdict ("DE…": "MS_MAX_CONCURRENT_REQ"). */
  errors?: Record<string, string>;
}

/** The request's JSON body as the API reads it (its CheckVatRequest). */
interface CheckVatRequest {
  countryCode?: unknown;
  vatNumber?: unknown;
  requesterMemberStateCode?: unknown;
  requesterNumber?: unknown;
}

const NUMBER = /^[0-9A-Za-z+*]{2,12}$/;

/**
 * The stand-in as an Express router: POST /check-vat-number. `register` is the stand-in's own
 * (vies-stand-in-register.json) unless a test gives another; `onRequest` hears each request's body.
 */
export function viesStandIn(
  options: { register?: StandInRegister; onRequest?: (body: CheckVatRequest) => void } = {},
): express.Router {
  const register: StandInRegister = options.register ?? standInRegister;
  const router = express.Router();
  router.post("/check-vat-number", express.json({ limit: "10kb", type: () => true }), (req, res) => {
    const body: CheckVatRequest = typeof req.body === "object" && req.body !== null ? req.body : {};
    options.onRequest?.(body);
    const { countryCode, vatNumber } = body;
    if (!isMemberState(countryCode) || typeof vatNumber !== "string" || !NUMBER.test(vatNumber)) {
      return void res.status(400).json(commonResponse("INVALID_INPUT"));
    }
    const whole = `${countryCode}${vatNumber.toUpperCase()}`;
    if (register.unavailableMemberStates.includes(countryCode)) {
      return void res.status(500).json(commonResponse("MS_UNAVAILABLE"));
    }
    const error = register.errors?.[whole];
    if (error) return void res.status(error === "INVALID_INPUT" ? 400 : 500).json(commonResponse(error));
    const requester = requesterOf(body, register);
    if (requester === "invalid") return void res.status(400).json(commonResponse("INVALID_REQUESTER_INFO"));
    const trader = Object.hasOwn(register.traders, whole) ? register.traders[whole] : undefined;
    res.json({
      countryCode,
      vatNumber,
      requestDate: new Date().toISOString(),
      valid: trader !== undefined,
      // A consultation number only for a named requester, as the API gives it.
      requestIdentifier: requester ? `WAPI${crypto.randomBytes(6).toString("hex").toUpperCase()}` : "",
      name: trader?.name ?? "---",
      address: trader?.address ?? "---",
      traderName: "---",
      traderStreet: "---",
      traderPostalCode: "---",
      traderCity: "---",
      traderCompanyType: "---",
      traderNameMatch: "NOT_PROCESSED",
      traderStreetMatch: "NOT_PROCESSED",
      traderPostalCodeMatch: "NOT_PROCESSED",
      traderCityMatch: "NOT_PROCESSED",
      traderCompanyTypeMatch: "NOT_PROCESSED",
    });
  });
  // A body that is not JSON is refused as the API refuses what it cannot read.
  router.use(((_error, _req, res, _next) => {
    res.status(400).json(commonResponse("INVALID_INPUT"));
  }) as express.ErrorRequestHandler);
  return router;
}

function isMemberState(code: unknown): code is string {
  return typeof code === "string" && (VIES_MEMBER_STATES as readonly string[]).includes(code);
}

/**
 * The requester: undefined when none is named; "invalid" when it is named badly (half of it, or a
 * number the register does not hold: VIES gives a consultation number only to a registered trader).
 */
function requesterOf(body: CheckVatRequest, register: StandInRegister): "named" | "invalid" | undefined {
  const { requesterMemberStateCode: country, requesterNumber: number } = body;
  if ((country === undefined || country === "") && (number === undefined || number === "")) return undefined;
  if (!isMemberState(country) || typeof number !== "string") return "invalid";
  return Object.hasOwn(register.traders, `${country}${number.toUpperCase()}`) ? "named" : "invalid";
}

function commonResponse(error: string) {
  return { actionSucceed: false, errorWrappers: [{ error }] };
}
