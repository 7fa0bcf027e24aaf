import type { CartDiscount } from "@server/cart/cart.ts";
import { formatPrice } from "@shared/format.ts";
import { useEffect, useId, useRef, useState } from "react";
import { Button } from "~/components/ui/button";
import { Input, Label } from "~/components/ui/input";
import { refusalOf, useCartChange, useRevealed } from "./use-cart-change";

// Its own fetcher: a code's problem shows beside the code, not in the cart's toasts.
const CODE_FETCHER = "cart-discount-code";

/**
 * The cart's discount code: a field and Apply (Enter applies) when there is none; once applied, the
 * code, what it takes off and Remove. The server checks the code and works out the discount; a
 * refused code's reason shows beside the field, the code typed kept to be corrected.
 */
export function DiscountCode({ discount }: { discount: CartDiscount | null }) {
  const { fetcher } = useCartChange(CODE_FETCHER);
  const [code, setCode] = useState("");
  const id = useId();
  const problem = refusalOf(fetcher);
  const revealed = useRevealed(problem);
  // Applying or removing replaces the control that was used: the focus moves to the one that
  // replaced it. (The buttons are never disabled while the change is on its way, for the same reason.)
  const sent = useRef(false);
  const input = useRef<HTMLInputElement>(null);
  const remove = useRef<HTMLButtonElement>(null);
  const held = discount !== null;
  const done = fetcher.state === "idle";
  useEffect(() => {
    if (!sent.current || !done) return;
    sent.current = false;
    (held ? remove : input).current?.focus();
  }, [held, done]);

  if (discount) {
    return (
      <section aria-label="Discount code" className="rounded-md border border-border p-3 text-sm">
        {/* What it takes off goes under the code, so that Remove keeps beside them on a phone. */}
        <div className="flex items-center justify-between gap-3">
          <p className="min-w-0 wrap-anywhere">
            Code <span className="font-semibold">{discount.code}</span>
            {discount.problem ? null : (
              <span className="block text-success">
                <span className="sr-only">, </span>
                {formatPrice(discount.cents)} off
              </span>
            )}
          </p>
          <fetcher.Form method="post" action="/api/v1/cart" className="shrink-0" onSubmit={() => (sent.current = true)}>
            <input type="hidden" name="intent" value="remove-code" />
            <Button ref={remove} type="submit" variant="outline" size="sm">
              Remove<span className="sr-only"> code {discount.code}</span>
            </Button>
          </fetcher.Form>
        </div>
        {discount.problem ? (
          <p role="alert" className="mt-2 text-destructive">
            {discount.problem} Remove it to check out without it.
          </p>
        ) : null}
        {problem ? (
          <p role="alert" className="mt-2 text-destructive">
            {problem}
          </p>
        ) : null}
      </section>
    );
  }
  return (
    <fetcher.Form
      method="post"
      action="/api/v1/cart"
      className="grid gap-2"
      onSubmit={() => {
        sent.current = true;
      }}
    >
      <input type="hidden" name="intent" value="code" />
      <Label htmlFor={id}>Discount code</Label>
      <div className="flex gap-2">
        <Input
          ref={input}
          id={id}
          name="code"
          value={code}
          onChange={(event) => setCode(event.currentTarget.value)}
          autoComplete="off"
          spellCheck={false}
          maxLength={40}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${id}-problem` : undefined}
          className="min-w-0 flex-1"
        />
        <Button type="submit" variant="outline">
          {done ? "Apply" : "Applying..."}
        </Button>
      </div>
      {problem ? (
        <p ref={revealed} id={`${id}-problem`} role="alert" className="text-sm text-destructive">
          {problem}
        </p>
      ) : null}
    </fetcher.Form>
  );
}
