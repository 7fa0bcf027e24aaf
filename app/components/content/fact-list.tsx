import type { ReactNode } from "react";
import { cn } from "~/lib/utils";

export type Fact = { term: string; detail: ReactNode };

/** A description list of short facts, each a muted term over its detail. `className` sets the columns. */
export function FactList({ facts, className }: { facts: readonly Fact[]; className?: string }) {
  return (
    <dl className={cn("grid gap-6", className)}>
      {facts.map((fact) => (
        <div key={fact.term}>
          <dt className="text-sm text-muted-foreground">{fact.term}</dt>
          <dd className="mt-1 font-semibold">{fact.detail}</dd>
        </div>
      ))}
    </dl>
  );
}
