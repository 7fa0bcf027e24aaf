import type { Key, ReactNode } from "react";
import { FormStatus } from "~/components/account/form-status";
import { AdminNav } from "~/components/admin/admin-nav";
import type { FormReply } from "~/components/forms/form-field";
import { Card } from "~/components/ui/card";
import { Container } from "~/components/ui/page";
import { pageMeta } from "~/lib/meta";
import { cn } from "~/lib/utils";

/** An admin page's `<title>`; the admin console is kept out of search engines. */
export function adminMeta(matches: Parameters<typeof pageMeta>[0], title: string) {
  return [...pageMeta(matches, title), { name: "robots", content: "noindex" }];
}

/**
 * The frame of an admin console page: the console's heading and sections, the section's title
 * and lead, `controls` (a search, a filter) and the outcome of the page's last action.
 */
export function AdminPage({
  title,
  lead,
  controls,
  result,
  wide = false,
  children,
}: {
  title: string;
  lead?: ReactNode;
  controls?: ReactNode;
  /** The page's last action answer: its outcome is shown here; a note's problem shows beside the note. */
  result?: { ok: boolean; message: string } | FormReply;
  /** A wider column, for a page of figures. */
  wide?: boolean;
  children: ReactNode;
}) {
  return (
    <Container className={wide ? "max-w-5xl py-10" : "max-w-4xl py-10"}>
      <h1 className="text-3xl font-bold">Admin console</h1>
      <AdminNav />
      <h2 className="mt-8 text-xl font-semibold">{title}</h2>
      {lead ? <p className="mt-1 text-muted-foreground">{lead}</p> : null}
      {controls}
      {result && "message" in result ? (
        <div className="mt-4">
          <FormStatus result={result} />
        </div>
      ) : null}
      {children}
    </Container>
  );
}

/** An admin page's rows, a card each, or the line that says there are none. */
export function CardList<Item>({
  items,
  itemKey,
  empty,
  label,
  cardClassName,
  className,
  children,
}: {
  items: readonly Item[];
  itemKey: (item: Item) => Key;
  /** What the page says when there are no rows. */
  empty: ReactNode;
  /** The list's accessible name, where the page names it. */
  label?: string;
  /** A row's own look (a handled message is greyed, say). */
  cardClassName?: (item: Item) => string | false | null | undefined;
  /** The list's (or its empty line's) own spacing, in place of the gap below a page's lead. */
  className?: string;
  /** A row's card content. */
  children: (item: Item) => ReactNode;
}) {
  if (items.length === 0) return <p className={cn("mt-6 text-muted-foreground", className)}>{empty}</p>;
  return (
    <ul className={cn("mt-6 flex flex-col gap-4", className)} aria-label={label}>
      {items.map((item) => (
        <li key={itemKey(item)}>
          <Card className={cn("flex flex-col gap-3 p-5", cardClassName?.(item))}>{children(item)}</Card>
        </li>
      ))}
    </ul>
  );
}
