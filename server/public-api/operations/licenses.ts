import { z } from "zod";
import type { Database } from "../../db/client.ts";
import type { JobQueue } from "../../jobs/queue.ts";
import {
  activateLicense,
  deactivateLicense,
  type LicenseCaller,
  type LicenseDescription,
  verifyLicense,
} from "../../licenses/activations.ts";
import { defineOperation } from "../operation.ts";
import { timeSchema } from "../schemas.ts";

// The licence-key API (decision 036): a seller's app verifies the key its customer typed in and
// activates a seat for the machine it runs on. The licence key is the credential, so an app shipped
// to customers needs no secret: these operations also answer without an API key
// (server/licenses/license-key-api.ts serves them so, limited per client address). With a seller's
// API key they see only that seller's products' licences. No answer names the buyer.

const LICENSE_TIERS = ["personal", "commercial", "extended"] as const;

const keyField = z
  .string({ error: "Send the license key as `key`." })
  .trim()
  .min(1, "Send the license key as `key`.")
  .max(64, "A license key is at most 64 characters.")
  .meta({
    description: "The license key the buyer has, like DGM-7K2Q-9XWM-C4RT-P8NE (case does not matter).",
    example: "DGM-7K2Q-9XWM-C4RT-P8NE",
  });

const instanceField = z
  .string({ error: "Send the machine or install to activate as `instance`." })
  .trim()
  .min(1, "Send the machine or install to activate as `instance`.")
  .max(200, "Keep `instance` under 200 characters.")
  .regex(/^[^\p{Cc}]*$/u, "Remove the control characters from `instance`.")
  .meta({
    description: "Your app's name for this machine or install (a host name, an install id).",
    example: "studio-mac",
  });

export const verifyBody = z
  .object({
    key: keyField,
    productId: z
      .number({ error: "`productId` is a product id (a whole number)." })
      .int("`productId` is a product id (a whole number).")
      .min(1, "`productId` is a product id (a whole number).")
      .max(2_147_483_647, "`productId` is a product id (a whole number).")
      .optional()
      .meta({ description: "Your product's id: a key of another product is not found." }),
  })
  .strict();

export const instanceBody = z.object({ key: keyField, instance: instanceField }).strict();

const licenseSchema = z
  .object({
    valid: z.boolean().meta({ description: "Whether the license is in force (false once its purchase is refunded)." }),
    status: z.enum(["active", "revoked"]),
    product: z.object({ id: z.number().int(), title: z.string() }).strict(),
    tier: z.enum(LICENSE_TIERS),
    seats: z.number().int().meta({ description: "How many instances may be active at once (an upgrade adds seats)." }),
    activations: z
      .object({
        active: z.number().int(),
        instances: z.array(z.object({ instance: z.string(), activatedAt: timeSchema }).strict()),
      })
      .strict(),
  })
  .strict()
  .meta({ title: "License" });

const activationSchema = licenseSchema
  .extend({
    activated: z
      .boolean()
      .meta({ description: "true: a seat was taken now; false: this instance already had one (nothing changed)." }),
  })
  .meta({ title: "LicenseActivation" });

const EXAMPLE: LicenseDescription = {
  valid: true,
  status: "active",
  product: { id: 12, title: "Budget Planner 2026" },
  tier: "commercial",
  seats: 2,
  activations: { active: 1, instances: [{ instance: "studio-mac", activatedAt: "2026-11-20T09:30:00.000Z" }] },
};

const AUTH_NOTE =
  " No API key is needed: the license key is the credential (requests without an API key are limited per client address). With your API key, only your products' licenses are found.";

/** The seller whose API key made the request; undefined for a request with the licence key alone. */
type Caller = { creatorId: number } | undefined;

/** What a request may see: with an API key, that seller's products' licences only. */
function callerOf(caller: Caller): LicenseCaller {
  return caller ? { creatorId: caller.creatorId } : {};
}

/** The three operations' work, with or without an API key's seller (the key-less router calls these too). */
export const licenseWork = {
  verify: (db: Database, caller: Caller, body: z.output<typeof verifyBody>) =>
    verifyLicense(db, callerOf(caller), body),
  activate: (
    db: Database,
    { jobs, caller, body }: { jobs: JobQueue; caller: Caller; body: z.output<typeof instanceBody> },
  ) => activateLicense(db, { jobs, caller: callerOf(caller), key: body.key, instance: body.instance }),
  deactivate: (db: Database, caller: Caller, body: z.output<typeof instanceBody>) =>
    deactivateLicense(db, callerOf(caller), body),
};

export const licenseOperations = [
  defineOperation({
    method: "post",
    path: "/licenses/verify",
    operationId: "verifyLicense",
    tag: "Licenses",
    summary: "Verify a license key",
    description: `Whether the key is valid, its product, tier, seats and the instances it is active on.${AUTH_NOTE}`,
    scope: "read",
    body: verifyBody,
    bodyExample: { key: "DGM-7K2Q-9XWM-C4RT-P8NE", productId: 12 },
    response: { status: 200, description: "The license.", schema: licenseSchema, example: EXAMPLE },
    errors: [404],
    handler: ({ caller, body }, { db }) => licenseWork.verify(db, caller, body),
  }),
  defineOperation({
    method: "post",
    path: "/licenses/activate",
    operationId: "activateLicense",
    tag: "Licenses",
    summary: "Activate a seat",
    description: `Takes one of the license's seats for \`instance\`. The same instance again keeps its seat (\`activated: false\`). Refused with 409 when every seat is in use or the license was revoked (refunded).${AUTH_NOTE}`,
    scope: "write",
    body: instanceBody,
    bodyExample: { key: "DGM-7K2Q-9XWM-C4RT-P8NE", instance: "studio-mac" },
    response: {
      status: 200,
      description: "The license with the instance active.",
      schema: activationSchema,
      example: { ...EXAMPLE, activated: true },
    },
    errors: [404, 409],
    handler: ({ caller, body }, { db, jobs }) => licenseWork.activate(db, { jobs, caller, body }),
  }),
  defineOperation({
    method: "post",
    path: "/licenses/deactivate",
    operationId: "deactivateLicense",
    tag: "Licenses",
    summary: "Deactivate a seat",
    description: `Frees the seat of \`instance\` (404 when it holds none).${AUTH_NOTE}`,
    scope: "write",
    body: instanceBody,
    bodyExample: { key: "DGM-7K2Q-9XWM-C4RT-P8NE", instance: "studio-mac" },
    response: {
      status: 200,
      description: "The license without the instance.",
      schema: licenseSchema,
      example: { ...EXAMPLE, activations: { active: 0, instances: [] } },
    },
    errors: [404],
    handler: ({ caller, body }, { db }) => licenseWork.deactivate(db, caller, body),
  }),
];
