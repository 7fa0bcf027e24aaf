import type { LucideIcon } from "lucide-react";
import { Link } from "react-router";
import { Card } from "~/components/ui/card";
import { cn } from "~/lib/utils";

export interface Figure {
  label: string;
  value: string;
  icon: LucideIcon;
  /** The page where the figure's rows are dealt with: the whole card links there. */
  to?: string;
  /** Draws the eye when there is work waiting. */
  highlight?: boolean;
}

/** A titled group of key figures, as a grid of cards (the style of the Trending page's figures). */
export function FigureCards({ title, figures, id }: { title: string; figures: Figure[]; id: string }) {
  return (
    <section aria-labelledby={id} className="mt-8">
      <h3 id={id} className="text-lg font-semibold">
        {title}
      </h3>
      <ul className="mt-3 grid grid-cols-1 gap-4 min-[400px]:grid-cols-2 lg:grid-cols-4">
        {figures.map((figure) => (
          <li key={figure.label}>
            {figure.to ? (
              <Link
                to={figure.to}
                className="block h-full rounded-lg focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
              >
                <FigureCard figure={figure} className="transition-colors hover:border-primary" />
              </Link>
            ) : (
              <FigureCard figure={figure} />
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

function FigureCard({ figure, className }: { figure: Figure; className?: string }) {
  const { label, value, icon: Icon, highlight } = figure;
  return (
    <Card className={cn("flex h-full items-center gap-3 p-4", highlight && "border-primary", className)}>
      <span className="grid size-10 shrink-0 place-items-center rounded-full bg-primary-soft text-primary">
        <Icon aria-hidden="true" className="size-5" />
      </span>
      <p className="flex min-w-0 flex-col-reverse">
        <span className="text-sm text-muted-foreground">{label}</span>
        <span className="text-xl font-bold break-words">{value}</span>
      </p>
    </Card>
  );
}
