import type { ComponentProps } from "react";
import { Input } from "~/components/ui/input";
import { cn } from "~/lib/utils";

/** Cents as a money field shows them to be edited: 450 -> "4.50" (no "$", no digit groups, as typed). */
export function dollarsOf(cents: number): string {
  return (cents / 100).toFixed(2);
}

/** A dollars field: the "$" drawn inside it, the amount typed as text (the server reads it to cents). */
export function MoneyInput({ className, ...props }: Omit<ComponentProps<"input">, "type">) {
  return (
    <div className={cn("relative", className)}>
      <span
        aria-hidden="true"
        className="pointer-events-none absolute inset-y-0 left-3 flex items-center text-muted-foreground"
      >
        $
      </span>
      {/* Text with a decimal keypad: a number input would drop "4.5" typed half-way and spin on scroll. */}
      <Input type="text" inputMode="decimal" autoComplete="off" className="pl-7" {...props} />
    </div>
  );
}
