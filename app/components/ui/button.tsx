import { cva, type VariantProps } from "class-variance-authority";
import { Slot } from "radix-ui";
import type { ComponentProps } from "react";
import { cn } from "~/lib/utils";

// The looks and sizes are classes of app.css (a page repeats its buttons' classes many times);
// only the icon rule stays a utility, so that it wins over an icon's own size as it always did.
const buttonVariants = cva("btn [&_svg]:size-4 [&_svg]:shrink-0", {
  variants: {
    variant: {
      primary: "btn-primary",
      secondary: "btn-secondary",
      outline: "btn-outline",
      ghost: "btn-ghost",
      destructive: "btn-destructive",
      link: "btn-link",
    },
    size: { sm: "btn-sm", md: "btn-md", lg: "btn-lg", icon: "btn-icon" },
  },
  defaultVariants: { variant: "primary", size: "md" },
});

export interface ButtonProps extends ComponentProps<"button">, VariantProps<typeof buttonVariants> {
  /** Render the child element (a link, say) with the button's look. */
  asChild?: boolean;
}

export function Button({ className, variant, size, asChild = false, ...props }: ButtonProps) {
  const Component = asChild ? Slot.Root : "button";
  return <Component className={cn(buttonVariants({ variant, size }), className)} {...props} />;
}
