import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { cn } from "~/lib/utils";

/** An item: plain text (its own key), or content with a key. */
export type IconListItem = string | { key: string; content: ReactNode };

const tones = { success: "text-success", destructive: "text-destructive" };

const sizes = {
  sm: { list: "space-y-2 text-sm", item: "flex gap-2", icon: "size-4" },
  md: { list: "space-y-3", item: "flex gap-3", icon: "size-5" },
};

/** A list whose bullets are one icon, coloured for what it marks (allowed, required, not allowed…). */
export function IconList({
  icon: Icon,
  tone,
  items,
  size = "md",
  className,
}: {
  icon: LucideIcon;
  tone: keyof typeof tones;
  items: readonly IconListItem[];
  size?: keyof typeof sizes;
  className?: string;
}) {
  const style = sizes[size];
  return (
    <ul className={cn(style.list, className)}>
      {items.map((item) => (
        <li key={typeof item === "string" ? item : item.key} className={style.item}>
          <Icon aria-hidden="true" className={cn("mt-0.5 shrink-0", style.icon, tones[tone])} />
          <span>{typeof item === "string" ? item : item.content}</span>
        </li>
      ))}
    </ul>
  );
}
