import type { ComponentProps, ReactNode } from "react";
import { cn } from "~/lib/utils";

/** The page's content column: one width and one gutter for every screen. */
export function Container({ className, ...props }: ComponentProps<"div">) {
  return <div className={cn("page-width", className)} {...props} />;
}

/** A content page's title block. */
export function PageHeader({ title, lead, children }: { title: string; lead?: ReactNode; children?: ReactNode }) {
  return (
    <div className="border-b border-border bg-gradient-to-b from-primary-soft to-background">
      <Container className="py-10 sm:py-14">
        <h1 className="text-3xl font-bold sm:text-4xl">{title}</h1>
        {lead ? <p className="mt-3 max-w-2xl text-lg text-muted-foreground">{lead}</p> : null}
        {children}
      </Container>
    </div>
  );
}

/** A section of a content page, with its heading. */
export function Section({ title, children, className }: { title?: string; children: ReactNode; className?: string }) {
  return (
    <section className={cn("py-8", className)}>
      {title ? <h2 className="mb-4 text-2xl font-semibold">{title}</h2> : null}
      {children}
    </section>
  );
}
