import type { ReactNode } from "react";
import { Link } from "react-router";
import { Button } from "~/components/ui/button";

/** A listing's empty state: a title, a line, and links that widen the search. */
export function EmptyResults({
  title,
  text,
  actions,
}: {
  title: string;
  text: ReactNode;
  actions: { label: string; to: string }[];
}) {
  return (
    <div className="flex flex-col items-center gap-4 rounded-lg border border-dashed border-border p-10 text-center">
      <h2 className="text-xl font-semibold">{title}</h2>
      <p className="text-muted-foreground">{text}</p>
      {actions.length > 0 ? (
        <div className="flex flex-wrap justify-center gap-2">
          {actions.map((action) => (
            <Button key={action.label} asChild variant="outline">
              <Link to={action.to}>{action.label}</Link>
            </Button>
          ))}
        </div>
      ) : null}
    </div>
  );
}
