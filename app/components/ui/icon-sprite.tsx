import { cn } from "~/lib/utils";

// Icons on every page (the header's, the logo's) are drawn once here and referenced with <use>,
// which keeps the HTML small; those a card repeats are drawn by CSS (app.css). The paths are lucide's.
const ICONS = {
  heart: [
    "M2 9.5a5.5 5.5 0 0 1 9.591-3.676.56.56 0 0 0 .818 0A5.49 5.49 0 0 1 22 9.5c0 2.29-1.5 4-3 5.5l-5.492 5.313a2 2 0 0 1-3 .019L5 15c-1.5-1.5-3-3.2-3-5.5",
  ],
  // The header's and the logo's, on every page (lucide's circles as two arcs each).
  sparkles: [
    "M11.017 2.814a1 1 0 0 1 1.966 0l1.051 5.558a2 2 0 0 0 1.594 1.594l5.558 1.051a1 1 0 0 1 0 1.966l-5.558 1.051a2 2 0 0 0-1.594 1.594l-1.051 5.558a1 1 0 0 1-1.966 0l-1.051-5.558a2 2 0 0 0-1.594-1.594l-5.558-1.051a1 1 0 0 1 0-1.966l5.558-1.051a2 2 0 0 0 1.594-1.594z",
    "M20 2v4",
    "M22 4h-4",
    "M2 20a2 2 0 1 0 4 0a2 2 0 1 0-4 0",
  ],
  search: ["m21 21-4.34-4.34", "M3 11a8 8 0 1 0 16 0a8 8 0 1 0-16 0"],
  "shopping-cart": [
    "m2.05 2.05 1.099-.028a1 1 0 0 1 1.008.815l2.69 14.347A1 1 0 0 0 7.83 18H18",
    "M4.563 5h16.435a1 1 0 0 1 .981 1.204l-1.026 6.226A2 2 0 0 1 18.962 14H6.25",
    "M16 20a2 2 0 1 0 4 0a2 2 0 1 0-4 0",
    "M6 20a2 2 0 1 0 4 0a2 2 0 1 0-4 0",
  ],
  menu: ["M4 5h16", "M4 12h16", "M4 19h16"],
  // The account's place until the visitor's name and picture come (site-header.tsx).
  user: ["M19 21v-2a4 4 0 0 0-4-4H9a4 4 0 0 0-4 4v2", "M8 7a4 4 0 1 0 8 0a4 4 0 1 0-8 0"],
} as const;

export type SpriteIconName = keyof typeof ICONS;

/** Rendered once per page, in the root layout. */
export function IconSprite() {
  return (
    <svg aria-hidden="true" width="0" height="0" className="absolute">
      {Object.entries(ICONS).map(([name, paths]) => (
        <symbol
          key={name}
          id={`icon-${name}`}
          viewBox="0 0 24 24"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
          strokeLinejoin="round"
        >
          {paths.map((d) => (
            <path key={d} d={d} />
          ))}
        </symbol>
      ))}
    </svg>
  );
}

/**
 * A sprite icon drawn like lucide's: a 2 px stroke in the current colour (set once, on the symbol:
 * a card repeats its icons), no fill unless a class sets one.
 */
export function SpriteIcon({ name, className }: { name: SpriteIconName; className?: string }) {
  return (
    <svg aria-hidden="true" fill="none" className={cn("size-4 shrink-0", className)}>
      <use href={`#icon-${name}`} />
    </svg>
  );
}
