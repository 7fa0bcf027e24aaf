import { useId } from "react";

const shortDay = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", timeZone: "UTC" });
/** "2026-05-03" -> "May 3" (the day in UTC, as the analytics count it). */
export const formatDay = (day: string) => shortDay.format(new Date(`${day}T12:00:00Z`));

/** The smallest of 1, 2, 2.5, 5 times a power of ten at or above `value`: the top of the scale. */
export function niceCeiling(value: number): number {
  if (value <= 0) return 1;
  const magnitude = 10 ** Math.floor(Math.log10(value));
  const step = [1, 2, 2.5, 5, 10].find((candidate) => candidate * magnitude >= value) ?? 10;
  return step * magnitude;
}

const SLOT = 10;
const HEIGHT = 100;

/**
 * One value per day as vertical bars, drawn as plain SVG so that it renders on the server and needs
 * no script. The picture is hidden from screen readers: the caption says what it shows and what
 * matters, and the page gives the numbers in a table. `barClassName` colours the bars with the
 * design system's colours (a Tailwind `fill-*` class).
 */
export function DailyBarChart({
  title,
  summary,
  values,
  format,
  barClassName,
}: {
  title: string;
  summary: string;
  values: { day: string; value: number }[];
  format: (value: number) => string;
  barClassName: string;
}) {
  const titleId = useId();
  const top = niceCeiling(Math.max(0, ...values.map((entry) => entry.value)));
  const width = values.length * SLOT;
  const first = values[0];
  const last = values.at(-1);
  return (
    <figure
      aria-labelledby={titleId}
      className="flex min-w-0 flex-col rounded-lg border border-border bg-card p-4 shadow-sm"
    >
      <figcaption>
        <h3 id={titleId} className="font-semibold">
          {title}
        </h3>
        <p className="mt-1 text-sm text-muted-foreground">{summary}</p>
      </figcaption>
      <div className="mt-4 grid grid-cols-[auto_minmax(0,1fr)] gap-x-2" aria-hidden="true">
        <div className="flex h-40 flex-col justify-between text-right text-xs text-muted-foreground">
          <span className="-translate-y-1/2">{format(top)}</span>
          <span className="translate-y-1/2">{format(0)}</span>
        </div>
        <svg
          viewBox={`0 0 ${width} ${HEIGHT}`}
          preserveAspectRatio="none"
          className="h-40 w-full overflow-visible"
          focusable="false"
          aria-hidden="true"
        >
          {[0, 0.25, 0.5, 0.75].map((share) => (
            <line
              key={share}
              x1={0}
              x2={width}
              y1={HEIGHT * share}
              y2={HEIGHT * share}
              className="stroke-border"
              vectorEffect="non-scaling-stroke"
            />
          ))}
          {values.map((entry, index) => {
            // A day with anything at all stays visible, however small next to the best day.
            const height = entry.value > 0 ? Math.max((entry.value / top) * HEIGHT, 1) : 0;
            return (
              <rect
                key={entry.day}
                x={index * SLOT + 1}
                y={HEIGHT - height}
                width={SLOT - 2}
                height={height}
                className={barClassName}
              >
                <title>{`${formatDay(entry.day)}: ${format(entry.value)}`}</title>
              </rect>
            );
          })}
          <line
            x1={0}
            x2={width}
            y1={HEIGHT}
            y2={HEIGHT}
            className="stroke-muted-foreground"
            vectorEffect="non-scaling-stroke"
          />
        </svg>
        <span />
        <div className="mt-1 flex justify-between text-xs text-muted-foreground">
          <span>{first ? formatDay(first.day) : ""}</span>
          <span>{last ? formatDay(last.day) : ""}</span>
        </div>
      </div>
    </figure>
  );
}
