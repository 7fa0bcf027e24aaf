import type { LucideIcon } from "lucide-react";
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

/** One key figure with its icon: the Trending page's stats and the admin console's figures. */
export function FigureCard({ figure, className }: { figure: Figure; className?: string }) {
  const { label, value, icon: Icon, highlight } = figure;
  return (
    <Card className={cn("flex h-full items-center gap-3 p-4", highlight && "border-primary", className)}>
      <span className="grid size-10 shrink-0 place-items-center rounded-full bg-primary-soft text-primary">
        <Icon aria-hidden="true" className="size-5" />
      </span>
      <p className="flex min-w-0 flex-col-reverse">
        <span className="text-sm text-muted-foreground">{label}</span>
        <span className="text-xl font-bold wrap-anywhere">{value}</span>
      </p>
    </Card>
  );
}
