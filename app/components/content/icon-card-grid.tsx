import type { LucideIcon } from "lucide-react";
import { Card } from "~/components/ui/card";
import { cn } from "~/lib/utils";

export type IconCard = { icon: LucideIcon; title: string; text: string };

/** A list of cards, each an icon, a title (h3) and a short text. `className` sets the columns. */
export function IconCardGrid({ items, className }: { items: readonly IconCard[]; className?: string }) {
  return (
    <ul className={cn("grid gap-4", className)}>
      {items.map(({ icon: Icon, title, text }) => (
        <li key={title}>
          <Card className="h-full p-6">
            <Icon aria-hidden="true" className="size-6 text-primary" />
            <h3 className="mt-3 font-semibold">{title}</h3>
            <p className="mt-1 text-sm text-muted-foreground">{text}</p>
          </Card>
        </li>
      ))}
    </ul>
  );
}
