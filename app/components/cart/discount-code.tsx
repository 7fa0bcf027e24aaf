import type { CartDiscount } from "@server/cart/cart.ts";
import { formatPrice } from "@shared/format.ts";
import { CodeEntry, HeldCode, useCodeField } from "./code-field";

// Its own fetcher: a code's problem shows beside the code, not in the cart's toasts.
const CODE_FETCHER = "cart-discount-code";

/**
 * The cart's discount code: a field and Apply (Enter applies) when there is none; once applied, the
 * code, what it takes off and Remove. The server checks the code and works out the discount; a
 * refused code's reason shows beside the field, the code typed kept to be corrected.
 */
export function DiscountCode({ discount }: { discount: CartDiscount | null }) {
  const field = useCodeField(CODE_FETCHER, discount !== null);
  if (!discount) {
    return (
      <CodeEntry
        field={field}
        intent="code"
        name="code"
        label="Discount code"
        sendLabel="Apply"
        sendingLabel="Applying..."
      />
    );
  }
  return (
    <HeldCode
      field={field}
      label="Discount code"
      removeIntent="remove-code"
      removeLabel={`code ${discount.code}`}
      notes={
        discount.problem ? (
          <p role="alert" className="mt-2 text-destructive">
            {discount.problem} Remove it to check out without it.
          </p>
        ) : null
      }
    >
      Code <span className="font-semibold">{discount.code}</span>
      {discount.problem ? null : (
        <span className="block text-success">
          <span className="sr-only">, </span>
          {formatPrice(discount.cents)} off
        </span>
      )}
    </HeldCode>
  );
}
