import type { ReactNode } from "react";
import { cn } from "~/lib/utils";

const alignments = { left: "text-left", center: "text-center", right: "text-right" };

/** A column heading of a table: its text and how the column is aligned (left unless told). */
export type Column = { label: string; align?: keyof typeof alignments };

/**
 * A table in a bordered region that scrolls sideways on narrow screens. The region is named by
 * `label` and focusable, so keyboard users can scroll it; `caption` names the table for screen readers.
 * `columns` make the head row; `children` are the body rows. `className` styles the table,
 * `bodyClassName` its body.
 */
export function ScrollTable({
  label,
  caption,
  columns,
  className,
  bodyClassName,
  children,
}: {
  label: string;
  caption: string;
  columns: readonly Column[];
  className?: string;
  bodyClassName?: string;
  children: ReactNode;
}) {
  return (
    <section
      aria-label={label}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard (WCAG 2.1.1).
      tabIndex={0}
      // On a phone the columns that do not fit are a swipe away, with a shadow on that side saying so.
      className="scroll-cue-x relative overflow-x-auto rounded-lg border border-border"
    >
      <table className={cn("w-full", className)}>
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-muted">
          <tr>
            {columns.map((column) => (
              <th
                key={column.label}
                scope="col"
                className={cn("px-4 py-3", alignments[column.align ?? "left"], "font-semibold")}
              >
                {column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className={cn("divide-y divide-border", bodyClassName)}>{children}</tbody>
      </table>
    </section>
  );
}
