import type { CartTax } from "@server/cart/cart.ts";
import { useEffect, useId, useRef, useState } from "react";
import { Button } from "~/components/ui/button";
import { Input, Label } from "~/components/ui/input";
import { refusalOf, useCartChange, useRevealed } from "./use-cart-change";

// Its own fetcher: a number's problem shows beside the number, not in the cart's toasts.
const VAT_NUMBER_FETCHER = "cart-vat-number";

/**
 * A business buyer's VAT number (TAX_MODE=by-location, in the EU): a field and Check when there is
 * none; once given, the number, whether VIES confirmed it (no VAT: a reverse charge) or could not
 * say now (VAT charged, claimed back once confirmed), and Remove. The server reads and checks it.
 */
export function VatNumber({ vatNumber }: { vatNumber: CartTax["vatNumber"] }) {
  const { fetcher } = useCartChange(VAT_NUMBER_FETCHER);
  const [typed, setTyped] = useState("");
  const id = useId();
  const problem = refusalOf(fetcher);
  const revealed = useRevealed(problem);
  // As the discount code does: the focus goes to the control that replaced the one used.
  const sent = useRef(false);
  const input = useRef<HTMLInputElement>(null);
  const remove = useRef<HTMLButtonElement>(null);
  const held = vatNumber !== null;
  const done = fetcher.state === "idle";
  useEffect(() => {
    if (!sent.current || !done) return;
    sent.current = false;
    (held ? remove : input).current?.focus();
  }, [held, done]);

  if (vatNumber) {
    return (
      <section aria-label="VAT number" className="rounded-md border border-border p-3 text-sm">
        <div className="flex items-center justify-between gap-3">
          <p className="min-w-0 wrap-anywhere">
            VAT number <span className="font-semibold">{vatNumber.number}</span>
            <span className={vatNumber.confirmed ? "block text-success" : "block text-warning"}>
              <span className="sr-only">, </span>
              {vatNumber.confirmed ? "Confirmed: no VAT, reverse charge" : "Not confirmed yet"}
            </span>
          </p>
          <fetcher.Form method="post" action="/api/v1/cart" className="shrink-0" onSubmit={() => (sent.current = true)}>
            <input type="hidden" name="intent" value="vat-number" />
            <input type="hidden" name="vatNumber" value="" />
            <Button ref={remove} type="submit" variant="outline" size="sm">
              Remove<span className="sr-only"> VAT number {vatNumber.number}</span>
            </Button>
          </fetcher.Form>
        </div>
        {vatNumber.message ? <p className="mt-2 text-muted-foreground">{vatNumber.message}</p> : null}
        {problem ? (
          <p role="alert" className="mt-2 text-destructive">
            {problem}
          </p>
        ) : null}
      </section>
    );
  }
  return (
    <fetcher.Form method="post" action="/api/v1/cart" className="grid gap-2" onSubmit={() => (sent.current = true)}>
      <input type="hidden" name="intent" value="vat-number" />
      <Label htmlFor={id}>VAT number (businesses, optional)</Label>
      <div className="flex gap-2">
        <Input
          ref={input}
          id={id}
          name="vatNumber"
          value={typed}
          onChange={(event) => setTyped(event.currentTarget.value)}
          autoComplete="off"
          spellCheck={false}
          maxLength={40}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${id}-problem` : undefined}
          className="min-w-0 flex-1"
        />
        <Button type="submit" variant="outline">
          {done ? "Check" : "Checking..."}
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
