import fs from "node:fs";
import path from "node:path";
import { z } from "zod";
import { isCountryCode } from "./countries.ts";
import ourRates from "./rates.json" with { type: "json" };

// The tax rates by the buyer's place, as data (server/tax/rates.json, docs/decisions/057), with the
// owner's file (TAX_RATES_FILE) merged over it. Both are checked whole when the server starts: a
// typo stops it with a message naming the entry, so no order is ever taxed from a wrong table.

const OURS = "server/tax/rates.json";

/** A field's own message, or "missing" when it is not there. */
const orMissing = (message: string) => ({
  error: (issue: { input?: unknown }) => (issue.input === undefined ? "missing" : message),
});

const basisPoints = z
  .number(orMissing("must be a number of basis points (100 = 1%)"))
  .min(0, "must be between 0 and 10000 basis points (0% to 100%)")
  .max(10000, "must be between 0 and 10000 basis points (0% to 100%)")
  .refine((value) => Number.isInteger(value * 10), "must be whole basis points, or tenths of one (997.5 = 9.975%)");

const source = z
  .string({
    error: (issue) =>
      issue.input === undefined
        ? "missing: the address of the official page the rate comes from"
        : "must be the https:// address of the official page the rate comes from",
  })
  .refine(
    (text) => /^https:\/\/\S+$/.test(text),
    "must be the https:// address of the official page the rate comes from",
  );

const checked = z
  .string({
    error: (issue) =>
      issue.input === undefined
        ? "missing: the date the rate was last checked (YYYY-MM-DD), then how"
        : "must start with the date the rate was last checked (YYYY-MM-DD)",
  })
  .regex(/^\d{4}-\d{2}-\d{2}\b/, "must start with the date the rate was last checked (YYYY-MM-DD)");

const text = z.string(orMissing("must be text")).trim().min(1, "must not be empty");

const component = z.strictObject({ name: text, rateBasisPoints: basisPoints });

const threshold = z.strictObject({
  amount: z.number().int("must be a whole amount").min(0, "must not be negative"),
  currency: z.string().regex(/^[A-Z]{3}$/, "must be an ISO 4217 currency code like EUR"),
  basis: text,
});

/** A region (a Canadian province): its own name, tax name and rate, the parts it is made of. */
const regionFields = {
  name: text,
  taxName: text,
  rateBasisPoints: basisPoints,
  components: z.array(component).min(1, "must name at least one tax").optional(),
  note: text.optional(),
  source: source.optional(),
  checked: checked.optional(),
};

const countryFields = {
  taxName: text,
  rateBasisPoints: basisPoints,
  pricesIncludeTax: z.boolean(orMissing("must be true or false")),
  /** What a business customer with a valid number is told instead of being charged; none: charged like anyone. */
  reverseCharge: text.optional(),
  threshold: threshold.optional(),
  note: text.optional(),
  source,
  checked,
};

const regionCode = z
  .string()
  .regex(/^[A-Z0-9]{1,3}$/, "must be a region code like ON (ISO 3166-2, without the country)");

const regionSchema = z
  .strictObject(regionFields)
  .refine(
    (region) => !region.components || sumOf(region.components) === tenths(region.rateBasisPoints),
    "rateBasisPoints must be the sum of its components' rates",
  );

const countrySchema = z.strictObject({
  ...countryFields,
  regions: z.record(regionCode, regionSchema).optional(),
});

/** A country code, checked against ISO 3166-1 alpha-2 (i18n-iso-countries). */
const countryCode = z.string().refine(isCountryCode, {
  error: (issue) => `${JSON.stringify(issue.input)} is not an ISO 3166-1 alpha-2 country code`,
});

const tableSchema = z.strictObject({
  about: z.string().optional(),
  countries: z.record(countryCode, countrySchema),
});

// An owner's entry changes what it names and keeps the rest of ours, but always says where its
// figures come from and when they were checked; null takes a country out (no tax charged there).
const overrideSchema = z.strictObject({
  about: z.string().optional(),
  countries: z.record(
    countryCode,
    z
      .strictObject({
        ...partial(countryFields),
        source,
        checked,
        regions: z
          .record(regionCode, z.strictObject({ ...partial(regionFields), source, checked }).nullable())
          .optional(),
      })
      .nullable(),
  ),
});

export type TaxComponent = z.infer<typeof component>;
type CountryTax = z.infer<typeof countrySchema>;
/** The table the shop taxes from: by ISO country code; a country not in it is charged no tax. */
export interface TaxRateTable {
  countries: Readonly<Record<string, CountryTax>>;
}

export class TaxRatesError extends Error {
  override name = "TaxRatesError";
}

/**
 * The rate table: ours, with the owner's file (`overrideFile`, TAX_RATES_FILE) merged over it when
 * given. Throws TaxRatesError naming the file and each bad entry.
 */
export function loadTaxRates({ overrideFile }: { overrideFile?: string } = {}): TaxRateTable {
  const ours = checkedTable(ourRates, OURS);
  if (!overrideFile) return ours;
  const label = `TAX_RATES_FILE (${overrideFile})`;
  const override = checkedOverride(readJson(overrideFile, label), label);
  return checkedTable(mergeTables(ours, override), `${label} merged over ${OURS}`);
}

function readJson(file: string, label: string): unknown {
  let content: string;
  try {
    content = fs.readFileSync(path.resolve(file), "utf8");
  } catch (error) {
    throw new TaxRatesError(`${label}: cannot be read (${(error as NodeJS.ErrnoException).code ?? error})`);
  }
  try {
    return JSON.parse(content);
  } catch (error) {
    throw new TaxRatesError(`${label}: is not JSON (${(error as Error).message})`);
  }
}

function checkedTable(data: unknown, label: string): TaxRateTable {
  const result = tableSchema.safeParse(data);
  if (!result.success) throw problems(label, result.error);
  return { countries: result.data.countries };
}

type Override = z.infer<typeof overrideSchema>;

function checkedOverride(data: unknown, label: string): Override {
  const result = overrideSchema.safeParse(data);
  if (!result.success) throw problems(label, result.error);
  return result.data;
}

/** Ours with the owner's entries laid over, field by field; a null entry removes ours. */
function mergeTables(ours: TaxRateTable, override: Override): unknown {
  const countries: Record<string, unknown> = { ...ours.countries };
  for (const [code, entry] of Object.entries(override.countries)) {
    if (entry === null) {
      delete countries[code];
      continue;
    }
    const base = ours.countries[code];
    const { regions: regionChanges, ...fields } = entry;
    const regions: Record<string, unknown> = { ...base?.regions };
    for (const [regionCode, region] of Object.entries(regionChanges ?? {})) {
      if (region === null) delete regions[regionCode];
      else regions[regionCode] = { ...base?.regions?.[regionCode], ...region };
    }
    countries[code] = { ...base, ...fields, regions: Object.keys(regions).length > 0 ? regions : undefined };
  }
  return { countries };
}

function problems(label: string, error: z.ZodError): TaxRatesError {
  const lines = error.issues.map((issue) => `  ${issue.path.join(".") || "(the file)"}: ${describe(issue)}`);
  return new TaxRatesError(`Invalid tax rates in ${label}:\n${lines.join("\n")}`);
}

function describe(issue: z.core.$ZodIssue): string {
  if (issue.code === "unrecognized_keys")
    return `unknown field ${issue.keys.map((key) => JSON.stringify(key)).join(", ")}`;
  // A key that failed (a country code): its own check's message, not "Invalid key in record".
  if (issue.code === "invalid_key") return issue.issues.map((inner) => inner.message).join("; ");
  return issue.message;
}

/** A rate in tenths of a basis point, the whole number the arithmetic uses. */
export function tenths(rateBasisPoints: number): number {
  return Math.round(rateBasisPoints * 10);
}

function sumOf(components: readonly TaxComponent[]): number {
  return components.reduce((sum, part) => sum + tenths(part.rateBasisPoints), 0);
}

function partial<T extends Record<string, z.ZodType>>(fields: T) {
  return Object.fromEntries(Object.entries(fields).map(([key, schema]) => [key, schema.optional()])) as {
    [K in keyof T]: z.ZodOptional<T[K]>;
  };
}
