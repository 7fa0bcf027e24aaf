import { cva, type VariantProps } from "class-variance-authority";
import type { ComponentProps } from "react";
import { cn } from "~/lib/utils";

const badgeVariants = cva("badge", {
  variants: {
    variant: {
      default: "bg-primary-soft text-primary",
      neutral: "bg-muted text-foreground",
      bestseller: "bg-amber-100 text-amber-900",
      sale: "bg-rose-100 text-rose-800",
      success: "bg-emerald-100 text-emerald-800",
    },
  },
  defaultVariants: { variant: "default" },
});

export function Badge({ className, variant, ...props }: ComponentProps<"span"> & VariantProps<typeof badgeVariants>) {
  return <span className={cn(badgeVariants({ variant }), className)} {...props} />;
}
