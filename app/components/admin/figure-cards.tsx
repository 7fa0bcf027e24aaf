import { Link } from "react-router";
import { type Figure, FigureCard } from "~/components/ui/figure-card";

/** A titled group of key figures, as a grid of cards (the style of the Trending page's figures). */
export function FigureCards({ title, figures, id }: { title: string; figures: Figure[]; id: string }) {
  return (
    <section aria-labelledby={id} className="mt-8">
      <h3 id={id} className="text-lg font-semibold">
        {title}
      </h3>
      <ul className="mt-3 grid grid-cols-1 gap-4 min-[400px]:grid-cols-2 lg:grid-cols-4">
        {figures.map((figure) => (
          <li key={figure.label}>
            {figure.to ? (
              <Link
                to={figure.to}
                className="block h-full rounded-lg focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
              >
                <FigureCard figure={figure} className="transition-colors hover:border-primary" />
              </Link>
            ) : (
              <FigureCard figure={figure} />
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
