import { ArrowRight, type LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { cn } from "~/lib/utils";

export type PageLink = { to: string; label: string };

/** A row of link buttons: the main one (with an arrow), then the others in outline. */
export function CallToActionLinks({
  primary,
  secondary = [],
  size,
  className,
}: {
  primary: PageLink;
  secondary?: readonly PageLink[];
  size?: "md" | "lg";
  className?: string;
}) {
  return (
    <div className={cn("mt-6 flex flex-wrap gap-3", className)}>
      <Button asChild size={size}>
        <Link to={primary.to}>
          {primary.label} <ArrowRight aria-hidden="true" />
        </Link>
      </Button>
      {secondary.map((link) => (
        <Button key={link.to} asChild size={size} variant="outline">
          <Link to={link.to}>{link.label}</Link>
        </Button>
      ))}
    </div>
  );
}

// Where the card turns from stacked into a row, and where its button then sits.
const rowFrom = {
  sm: { card: "sm:flex-row sm:items-center sm:justify-between", button: "self-start sm:self-center" },
  md: { card: "md:flex-row md:items-center md:justify-between", button: "self-start md:self-center" },
};

const sizes = {
  md: { card: "gap-4", title: "text-xl font-semibold", button: undefined },
  lg: { card: "gap-6 sm:p-8", title: "text-2xl font-semibold", button: "lg" as const },
};

/**
 * A card with a message and one link button beside it (below it on small screens).
 * `title` becomes the card's h2; `children` is the message.
 */
export function CallToActionCard({
  title,
  children,
  action,
  tone = "soft",
  size = "md",
  rowFrom: breakpoint = "sm",
  contentClassName,
}: {
  title?: string;
  children: ReactNode;
  action: PageLink & { icon?: LucideIcon; variant?: "primary" | "outline" };
  tone?: "soft" | "plain";
  size?: keyof typeof sizes;
  rowFrom?: keyof typeof rowFrom;
  contentClassName?: string;
}) {
  const Icon = action.icon;
  return (
    <Card
      className={cn(
        "flex flex-col p-6",
        sizes[size].card,
        tone === "soft" && "bg-primary-soft",
        rowFrom[breakpoint].card,
      )}
    >
      <div className={contentClassName}>
        {title ? <h2 className={sizes[size].title}>{title}</h2> : null}
        {children}
      </div>
      <Button asChild size={sizes[size].button} variant={action.variant} className={rowFrom[breakpoint].button}>
        <Link to={action.to}>
          {Icon ? (
            <>
              <Icon aria-hidden="true" />{" "}
            </>
          ) : null}
          {action.label}
        </Link>
      </Button>
    </Card>
  );
}
