import type { CartTax } from "@server/cart/cart.ts";
import type { TaxPlaces } from "@server/tax/countries.ts";
import { useEffect, useId } from "react";
import { useFetcher } from "react-router";
import { CheckField } from "~/components/ui/check-field";
import { refusalOf, useCartChange, useRevealed } from "./use-cart-change";
import { VatNumber } from "./vat-number";

const TAX_PLACE_FETCHER = "cart-tax-place";

/**
 * Where the buyer lives, for their tax (TAX_MODE=by-location): a country, and a province where the
 * shop taxes by province, kept with the cart; what the cart must still know (`tax.question`); and,
 * when the evidence contradicts the country chosen, the box that confirms it (sent with Checkout).
 */
export function TaxPlace({
  tax,
  confirmed,
  onConfirmedChange,
}: {
  tax: CartTax;
  confirmed: boolean;
  onConfirmedChange: (confirmed: boolean) => void;
}) {
  const places = useFetcher<TaxPlaces>();
  const { load } = places;
  const loaded = places.data !== undefined;
  useEffect(() => {
    if (!loaded) void load("/api/v1/tax-places");
  }, [loaded, load]);
  const { change, fetcher } = useCartChange(TAX_PLACE_FETCHER);
  const problem = refusalOf(fetcher);
  const problemRef = useRevealed(problem);
  const countryId = useId();
  const regionId = useId();
  const questionId = useId();
  const countries = places.data?.countries ?? [];
  const regions = tax.country ? (places.data?.regions[tax.country] ?? []) : [];
  // The country the cart shows comes first from the server's answer, before the list has loaded.
  const chosenName = countries.find((country) => country.code === tax.country)?.name;
  const choose = (country: string, region?: string) => change("country", undefined, { country, region });
  return (
    <fieldset className="flex flex-col gap-2 text-sm" aria-describedby={tax.question ? questionId : undefined}>
      <legend className="sr-only">Where you live, for your tax</legend>
      <div className="grid grid-cols-[auto_minmax(0,1fr)] items-center gap-x-2 gap-y-2">
        <label htmlFor={countryId} className="text-muted-foreground">
          Your country
        </label>
        <select
          id={countryId}
          value={tax.country ?? ""}
          onChange={(event) => choose(event.currentTarget.value)}
          className="field h-8 w-full min-w-0 px-2"
        >
          <option value="" disabled>
            Choose your country
          </option>
          {tax.country && !chosenName ? <option value={tax.country}>{tax.country}</option> : null}
          {countries.map((country) => (
            <option key={country.code} value={country.code}>
              {country.name}
            </option>
          ))}
        </select>
        {regions.length > 0 ? (
          <>
            <label htmlFor={regionId} className="text-muted-foreground">
              Province
            </label>
            <select
              id={regionId}
              value={tax.region ?? ""}
              onChange={(event) => choose(tax.country!, event.currentTarget.value)}
              className="field h-8 w-full min-w-0 px-2"
            >
              <option value="" disabled>
                Choose your province
              </option>
              {regions.map((region) => (
                <option key={region.code} value={region.code}>
                  {region.name}
                </option>
              ))}
            </select>
          </>
        ) : null}
      </div>
      {problem ? (
        <p ref={problemRef} role="alert" className="text-destructive">
          {problem}
        </p>
      ) : null}
      {tax.question ? (
        <p id={questionId} className={tax.conflict ? "text-warning" : "text-muted-foreground"}>
          {tax.question}
        </p>
      ) : null}
      {tax.vatNumber || (tax.country && places.data?.vatNumberCountries.includes(tax.country)) ? (
        <VatNumber vatNumber={tax.vatNumber} />
      ) : null}
      {tax.conflict && tax.country ? (
        <CheckField checked={confirmed} onChange={onConfirmedChange}>
          I live in {chosenName ?? tax.country}.
        </CheckField>
      ) : null}
    </fieldset>
  );
}
