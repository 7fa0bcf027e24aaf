import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { Input, Label } from "~/components/ui/input";

const selectClass =
  "h-10 w-full rounded-md border border-input bg-background px-3 text-base sm:text-sm focus-visible:outline-2 focus-visible:outline-ring";

/**
 * The search above an admin list: a text query (`q`) and one filter, sent in the address (GET), so
 * that a search can be bookmarked and paged.
 */
export function ListSearch<Filter extends string>({
  id,
  queryLabel,
  query,
  filter,
}: {
  /** Prefix of the fields' ids, unique on the page. */
  id: string;
  queryLabel: string;
  query: string;
  filter: { name: string; label: string; value: Filter; options: Record<Filter, string> };
}) {
  return (
    <Form method="get" role="search" aria-label={queryLabel} className="mt-4 flex flex-wrap items-end gap-3">
      <div className="flex min-w-56 flex-1 flex-col gap-1.5">
        <Label htmlFor={`${id}-query`}>{queryLabel}</Label>
        <Input id={`${id}-query`} name="q" type="search" defaultValue={query} maxLength={100} />
      </div>
      <div className="flex w-40 flex-col gap-1.5">
        <Label htmlFor={`${id}-${filter.name}`}>{filter.label}</Label>
        <select id={`${id}-${filter.name}`} name={filter.name} defaultValue={filter.value} className={selectClass}>
          {(Object.entries(filter.options) as [Filter, string][]).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
      </div>
      <Button type="submit">Search</Button>
    </Form>
  );
}
