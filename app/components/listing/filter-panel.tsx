import type { FilterOption } from "@server/search/listing.ts";
import type { ListingState } from "@server/search/listing-query.ts";
import { Slider } from "radix-ui";
import { useEffect, useRef, useState } from "react";
import { Form, Link, useNavigation, useSubmit } from "react-router";
import { Button } from "~/components/ui/button";
import { useHydrated } from "~/lib/hydrated";
import { cn } from "~/lib/utils";

export interface FilterGroups {
  categories?: FilterOption[];
  formats?: FilterOption[];
  styles?: FilterOption[];
}

/** The sort menu above the results belongs to this form too (its `form` attribute). */
export const FILTER_FORM_ID = "listing-filters";

/** The check boxes in `parent`, as the page shows them now. */
const boxesIn = (parent: HTMLElement | null) => [
  ...(parent?.querySelectorAll<HTMLInputElement>('input[type="checkbox"]') ?? []),
];

/** Whether a box shows other than `selected` (by its name) says: ticked before the page ran. */
const boxesDiffer = (boxes: HTMLInputElement[], selected: (name: string) => readonly string[]) =>
  boxes.some((box) => box.checked !== selected(box.name).includes(box.value));

/**
 * A value that follows `source` (the address) and can be changed ahead of it. It follows only once
 * `settled` (no change of the visitor's waits to be sent or is on its way): an answer to an earlier
 * change that lands meanwhile would move it back under the visitor's hand.
 */
function useFollowing<T>(source: T, same: string, settled: boolean) {
  const [value, setValue] = useState(source);
  // `same` names `source`'s content: follow it when that changes, not on every new array.
  useEffect(() => {
    if (settled) setValue(source);
  }, [same, settled]);
  return [value, setValue] as const;
}

function CheckboxGroup({
  legend,
  name,
  options,
  selected,
  settled,
}: {
  legend: string;
  name: string;
  options: FilterOption[];
  selected: string[];
  settled: boolean;
}) {
  // Checked as the address says, and at once when clicked (the address follows).
  const [checked, setChecked] = useFollowing(selected, selected.join("|"), settled);
  // A box ticked before the page ran (a slow phone): hydration keeps what the page shows
  // but not what React holds, so the first render after it would untick it. Take the page's.
  const fieldset = useRef<HTMLFieldSetElement>(null);
  useEffect(() => {
    const boxes = boxesIn(fieldset.current);
    if (boxesDiffer(boxes, () => selected)) setChecked(boxes.filter((box) => box.checked).map((box) => box.value));
  }, []);
  if (options.length === 0) return null;
  return (
    <fieldset ref={fieldset} className="grid gap-2">
      <legend className="mb-2 text-sm font-semibold">{legend}</legend>
      {options.map((option) => (
        <label key={option.value} className="filter-option">
          <input
            type="checkbox"
            name={name}
            value={option.value}
            checked={checked.includes(option.value)}
            onChange={(event) =>
              setChecked((current) =>
                event.target.checked ? [...current, option.value] : current.filter((value) => value !== option.value),
              )
            }
          />
          <span>{option.label}</span>
          <span>{`(${option.count})`}</span>
        </label>
      ))}
    </fieldset>
  );
}

function PriceRange({
  min,
  max,
  priceMax,
  onCommit,
  settled,
}: {
  min: number;
  max: number;
  priceMax: number;
  onCommit: () => void;
  settled: boolean;
}) {
  const [range, setRange] = useFollowing([min, max], `${min}-${max}`, settled);
  const [low, high] = range as [number, number];
  return (
    <fieldset className="grid gap-3">
      <legend className="mb-2 text-sm font-semibold">Price</legend>
      <Slider.Root
        className="relative flex h-5 touch-none select-none items-center"
        min={0}
        max={priceMax}
        step={5}
        minStepsBetweenThumbs={0}
        value={range}
        onValueChange={setRange}
        onValueCommit={onCommit}
      >
        <Slider.Track className="relative h-1.5 grow rounded-full bg-muted">
          <Slider.Range className="absolute h-full rounded-full bg-primary" />
        </Slider.Track>
        {["Minimum price", "Maximum price"].map((label) => (
          <Slider.Thumb
            key={label}
            aria-label={label}
            className="block size-5 rounded-full border-2 border-primary bg-background shadow focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
          />
        ))}
      </Slider.Root>
      <input type="hidden" name="min" value={low} />
      <input type="hidden" name="max" value={high} />
      <p className="flex justify-between text-sm text-muted-foreground" aria-live="polite">
        <span>${low}</span>
        <span>
          ${high}
          {high === priceMax ? "+" : ""}
        </span>
      </p>
    </fieldset>
  );
}

/**
 * The filter panel of a listing page: a GET form, so that its state is the page's address.
 * With JavaScript every change applies at once; without it, the Apply button sends it.
 */
export function FilterPanel({
  state,
  priceMax,
  groups,
  clearLabel = "Clear All Filters",
  clearHref,
  className,
}: {
  state: ListingState;
  priceMax: number;
  groups: FilterGroups;
  clearLabel?: string;
  clearHref: string;
  className?: string;
}) {
  const hydrated = useHydrated();
  const submit = useSubmit();
  const form = useRef<HTMLFormElement>(null);
  const apply = () => {
    if (form.current) submit(form.current, { preventScrollReset: true, replace: true });
  };
  // Boxes ticked before the page ran sent nothing (no script, no Apply pressed): apply them now,
  // as the page shows them (the groups above take them into their state in the same moment).
  useEffect(() => {
    const selected = { category: state.categories, format: state.formats, style: state.styles };
    if (boxesDiffer(boxesIn(form.current), (name) => selected[name as keyof typeof selected] ?? [])) apply();
  }, []);
  // Keys held on a slider thumb move it step by step: apply once they stop.
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  // From the first key until the page asks for the change (`waiting` ends once the navigation has
  // begun, so that no moment between the two counts as settled).
  const [waiting, setWaiting] = useState(false);
  const applySoon = () => {
    clearTimeout(timer.current);
    setWaiting(true);
    timer.current = setTimeout(apply, 400);
  };
  const navigating = useNavigation().state !== "idle";
  useEffect(() => {
    if (navigating) setWaiting(false);
  }, [navigating]);
  // Nothing of the visitor's waiting or on its way: the fields may follow the address again.
  const settled = !navigating && !waiting;
  return (
    <Form
      ref={form}
      id={FILTER_FORM_ID}
      method="get"
      onChange={(event) => {
        if (event.target instanceof HTMLInputElement && event.target.type === "checkbox") apply();
      }}
      className={cn("grid content-start gap-6", className)}
      aria-label="Filters"
    >
      {state.q ? <input type="hidden" name="q" value={state.q} /> : null}
      {state.tab !== "all" ? <input type="hidden" name="tab" value={state.tab} /> : null}
      {state.view !== "grid" ? <input type="hidden" name="view" value={state.view} /> : null}
      <PriceRange min={state.min} max={state.max} priceMax={priceMax} onCommit={applySoon} settled={settled} />
      {(
        [
          ["Category", "category", groups.categories, state.categories],
          ["Format", "format", groups.formats, state.formats],
          ["Style", "style", groups.styles, state.styles],
        ] as const
      ).map(([legend, name, options, selected]) => (
        <CheckboxGroup
          key={name}
          legend={legend}
          name={name}
          options={options ?? []}
          selected={selected}
          settled={settled}
        />
      ))}
      <div className="flex flex-wrap gap-2">
        {hydrated ? null : <Button type="submit">Apply</Button>}
        <Button asChild variant="outline">
          <Link to={clearHref} preventScrollReset replace>
            {clearLabel}
          </Link>
        </Button>
      </div>
    </Form>
  );
}
