import { getCollectionProps, getFormProps, type SubmissionResult } from "@conform-to/react";
import countryList from "@shared/countries.json" with { type: "json" };
import {
  asksDateOfBirth,
  isEuMemberState,
  SELLER_TYPE_NAMES,
  type SellerType,
  sellerTaxDetailsSchema,
  TAX_ID_KIND_NAMES,
  type TaxIdKind,
  taxIdKindsFor,
  vatPrefixOf,
} from "@shared/seller-tax-details-schema.ts";
import { useEffect, useRef } from "react";
import { Form, useNavigation } from "react-router";
import { FormStatus } from "~/components/account/form-status";
import { FieldError, InputField, SelectField, useSchemaForm } from "~/components/forms/form-field";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";

/** The values a saved row puts in the form (server/payouts/tax-details.ts, taxDetailsFormValues). */
export type TaxDetailsValues = {
  sellerType: SellerType;
  legalName: string;
  addressLine1: string;
  addressLine2?: string;
  city: string;
  region?: string;
  postalCode?: string;
  country: string;
  taxIdKind: TaxIdKind;
  taxId: string;
  vatId?: string;
  businessRegistrationNumber?: string;
  dateOfBirth?: string;
};

const TAX_ID_HINTS = {
  us_ssn_itin: () => "9 digits, like 123-45-6789.",
  us_ein: () => "9 digits, like 12-3456789.",
  eu_vat: (country: string | undefined) => `With its country prefix, like ${vatPrefixOf(country)}123456789.`,
  national_tin: () => "As your tax authority writes it, for the country you live in.",
} as const satisfies Record<TaxIdKind, (country: string | undefined) => string>;

/**
 * The seller's tax details: who they are for the tax authorities, where they live and their tax
 * number. Fields appear as they apply (a date of birth for an individual in the EU, a registration
 * number for a business); the action checks the same rules without JavaScript.
 */
export function TaxDetailsForm({
  saved,
  lastResult,
  result,
  disabled = false,
}: {
  saved: TaxDetailsValues | null;
  lastResult: SubmissionResult<string[]> | undefined;
  result: { ok: boolean; message: string } | undefined;
  /** The demo seller looks only (decision 039): the form is shown but cannot be sent. */
  disabled?: boolean;
}) {
  const saving = useNavigation().state === "submitting";
  const [form, fields] = useSchemaForm(sellerTaxDetailsSchema, {
    lastResult,
    defaultValue: saved ?? { sellerType: "individual" },
  });
  const sellerType = (fields.sellerType.value as SellerType | undefined) ?? "individual";
  const country = fields.country.value || undefined;
  const business = sellerType === "business";
  const kinds = taxIdKindsFor(country);
  // A kind left from another country is not among the options: the select shows the first.
  const chosen = fields.taxIdKind.value as TaxIdKind | undefined;
  const kind = chosen && kinds.includes(chosen) ? chosen : kinds[0]!;
  // Another country's kinds: its first is chosen (the national number), whichever one the browser
  // kept selected when the options changed under it (it kept "EU VAT" after the US kinds went).
  const kindsShown = useRef(kinds.join());
  useEffect(() => {
    if (kindsShown.current === kinds.join()) return;
    kindsShown.current = kinds.join();
    form.update({ name: fields.taxIdKind.name, value: kinds[0], validated: false });
  }, [kinds.join()]);
  return (
    <Card className="p-6">
      <Form method="post" {...getFormProps(form)} className="flex flex-col gap-6">
        <fieldset
          className="flex flex-col gap-2"
          aria-describedby={fields.sellerType.errors ? fields.sellerType.errorId : undefined}
        >
          <legend className="mb-1 text-base font-semibold">You sell as</legend>
          {getCollectionProps(fields.sellerType, { type: "radio", options: ["individual", "business"] }).map(
            ({ key, ...props }) => (
              <label key={key} className="flex items-center gap-2 text-sm">
                <input {...props} className="size-4 accent-primary" />
                {SELLER_TYPE_NAMES[props.value as SellerType]}
              </label>
            ),
          )}
          <FieldError field={fields.sellerType} />
        </fieldset>

        <InputField
          field={fields.legalName}
          label={business ? "Registered name of the business" : "Full legal name"}
          hint={business ? "As it is registered." : "As on your tax documents, first and last name."}
          autoComplete={business ? "organization" : "name"}
        />

        <fieldset className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <legend className="mb-2 text-base font-semibold">
            {business ? "Address of the business" : "Your address"}
          </legend>
          <SelectField
            field={fields.country}
            label="Country"
            hint={business ? "Where the business is established." : "Where you live."}
            autoComplete="country"
            className="sm:col-span-2"
          >
            <option value="">Choose a country</option>
            {countryList.countries.map((each) => (
              <option key={each.code} value={each.code}>
                {each.name}
              </option>
            ))}
          </SelectField>
          <InputField
            field={fields.addressLine1}
            label="Address line 1"
            autoComplete="address-line1"
            className="sm:col-span-2"
          />
          <InputField
            field={fields.addressLine2}
            label="Address line 2 (optional)"
            autoComplete="address-line2"
            className="sm:col-span-2"
          />
          <InputField field={fields.city} label="City or town" autoComplete="address-level2" />
          <InputField
            field={fields.region}
            label={country === "US" ? "State" : "State, province or region (optional)"}
            autoComplete="address-level1"
          />
          <InputField
            field={fields.postalCode}
            label={country === "US" ? "ZIP code" : "Postal code"}
            hint={country === "US" ? undefined : "Leave it empty if your address has none."}
            autoComplete="postal-code"
          />
        </fieldset>

        <fieldset className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <legend className="mb-2 text-base font-semibold">Tax identification</legend>
          <SelectField field={fields.taxIdKind} label="Kind of number" className="sm:col-span-2">
            {kinds.map((each) => (
              <option key={each} value={each}>
                {TAX_ID_KIND_NAMES[each]}
              </option>
            ))}
          </SelectField>
          <InputField
            field={fields.taxId}
            label="Tax number"
            hint={TAX_ID_HINTS[kind](country)}
            autoComplete="off"
            spellCheck={false}
            className="sm:col-span-2"
          />
          {isEuMemberState(country) && kind !== "eu_vat" ? (
            <InputField
              field={fields.vatId}
              label="EU VAT number (optional)"
              hint="If you are registered for VAT."
              autoComplete="off"
              spellCheck={false}
            />
          ) : null}
          {business ? (
            <InputField
              field={fields.businessRegistrationNumber}
              label="Business registration number (optional)"
              hint="From the register your business is in."
              autoComplete="off"
            />
          ) : null}
          {asksDateOfBirth(sellerType, country) ? (
            <InputField
              field={fields.dateOfBirth}
              label="Date of birth"
              type="date"
              autoComplete="bday"
              hint="EU rules (DAC7) ask marketplaces for the date of birth of sellers who live in the EU."
            />
          ) : null}
        </fieldset>

        <FormStatus result={result} />
        <Button type="submit" disabled={saving || disabled} className="self-start">
          {saving ? "Saving..." : "Save tax details"}
        </Button>
      </Form>
    </Card>
  );
}
