import type { ComponentProps } from "react";
import { Link } from "react-router";
import { cn } from "~/lib/utils";

/** A link inside running text: primary colour, underlined until hovered. */
export function TextLink({ className, ...props }: ComponentProps<typeof Link>) {
  return (
    <Link
      className={cn("font-medium text-primary underline underline-offset-4 hover:no-underline", className)}
      {...props}
    />
  );
}
