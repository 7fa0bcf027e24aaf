import { formatPrice } from "@shared/format.ts";
import { chosenPriceRange } from "@shared/pay-what-you-want.ts";
import { useId } from "react";
import { useFetcher } from "react-router";
import { type CartAnswer, NAMED_PRICE_FETCHER, refusalOf, useRevealed } from "~/components/cart/use-cart-change";
import { Label } from "~/components/ui/input";
import { MoneyInput } from "~/components/ui/money-input";

/** A pay-what-you-want product's big price: the words, and the seller's suggestion when there is one. */
export function PayWhatYouWantPrice({ suggestedCents }: { suggestedCents: number | null }) {
  return (
    <div className="mt-6">
      <p className="text-3xl font-bold">Pay what you want</p>
      {suggestedCents !== null ? (
        <p className="mt-1 text-muted-foreground">Suggested {formatPrice(suggestedCents)}</p>
      ) : null}
    </div>
  );
}

/**
 * "Name your price": the amount Add to Cart and Buy Now send, the least the buyer may pay under it.
 * The server checks it; a refused amount's reason shows here, what was typed kept.
 */
export function NamedPrice({
  minimumCents,
  value,
  onChange,
}: {
  minimumCents: number;
  value: string;
  onChange: (value: string) => void;
}) {
  const fetcher = useFetcher<CartAnswer>({ key: NAMED_PRICE_FETCHER });
  const problem = refusalOf(fetcher);
  const revealed = useRevealed(problem);
  const id = useId();
  return (
    <div className="mt-6 grid max-w-xs gap-2">
      <Label htmlFor={id}>Name your price</Label>
      <MoneyInput
        id={id}
        name="price"
        value={value}
        onChange={(event) => onChange(event.currentTarget.value)}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? `${id}-minimum ${id}-problem` : `${id}-minimum`}
      />
      <p id={`${id}-minimum`} className="text-xs text-muted-foreground">
        {chosenPriceRange(minimumCents)}
      </p>
      {problem ? (
        <p ref={revealed} id={`${id}-problem`} role="alert" className="text-sm text-destructive">
          {problem}
        </p>
      ) : null}
    </div>
  );
}
