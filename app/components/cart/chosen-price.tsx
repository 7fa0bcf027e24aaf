import type { CartLine } from "@server/cart/cart.ts";
import { formatPrice } from "@shared/format.ts";
import { chosenPriceRange } from "@shared/pay-what-you-want.ts";
import { useId, useState } from "react";
import { Button } from "~/components/ui/button";
import { dollarsOf, MoneyInput } from "~/components/ui/money-input";
import { refusalOf, useCartChange, useRevealed } from "./use-cart-change";

/**
 * A pay-what-you-want line's price: what the buyer pays per copy, and a small field to change it
 * (the server checks it against the minimum; a refusal shows beside the field, the amount typed kept).
 */
export function ChosenPrice({
  line,
}: {
  line: CartLine & { payWhatYouWant: NonNullable<CartLine["payWhatYouWant"]> };
}) {
  // One fetcher per line: a line's refusal shows beside that line's field, not in the cart's toasts.
  const { fetcher } = useCartChange(`cart-price-${line.productId}`);
  const [price, setPrice] = useState(() => dollarsOf(line.priceCents));
  // The field follows the price when it changes elsewhere (the product page); a refused amount stays.
  const [shown, setShown] = useState(line.priceCents);
  if (shown !== line.priceCents) {
    setShown(line.priceCents);
    setPrice(dollarsOf(line.priceCents));
  }
  const id = useId();
  const problem = refusalOf(fetcher);
  const revealed = useRevealed(problem);
  const described = [`${id}-minimum`, problem ? `${id}-problem` : null].filter(Boolean).join(" ");
  return (
    <fetcher.Form method="post" action="/api/v1/cart" className="grid gap-1 text-sm">
      <input type="hidden" name="intent" value="price" />
      <input type="hidden" name="productId" value={line.productId} />
      <p>
        You pay <span className="font-semibold">{formatPrice(line.priceCents)}</span> per copy
      </p>
      {/* The field and its button stay together; on a phone the label goes above them. */}
      <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
        <label htmlFor={id} className="text-muted-foreground">
          Change to<span className="sr-only"> a price per copy of {line.title}</span>
        </label>
        <div className="flex items-center gap-2">
          <MoneyInput
            id={id}
            name="price"
            value={price}
            onChange={(event) => setPrice(event.currentTarget.value)}
            aria-invalid={problem ? true : undefined}
            aria-describedby={described}
            className="w-24 [&_input]:h-8"
          />
          {/* Never disabled while on its way: a disabled button would lose the keyboard's focus. */}
          <Button type="submit" variant="outline" size="sm">
            Update<span className="sr-only"> price of {line.title}</span>
          </Button>
        </div>
      </div>
      <p id={`${id}-minimum`} className="text-xs text-muted-foreground">
        {chosenPriceRange(line.payWhatYouWant.minimumCents)}
      </p>
      {problem ? (
        <p ref={revealed} id={`${id}-problem`} role="alert" className="text-destructive">
          {problem}
        </p>
      ) : null}
    </fetcher.Form>
  );
}
