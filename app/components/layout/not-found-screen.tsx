import { Link } from "react-router";
import { Button } from "~/components/ui/button";
import { Container } from "~/components/ui/page";

/** A way on from a page that is not there: the first is the main one. */
interface WayOn {
  label: string;
  to: string;
}

const HOME: WayOn[] = [{ label: "Return to Home", to: "/" }];

/**
 * The catch-all's page, the page of an address the shop cannot read (400), and a
 * record's own not-found page (a product, a creator): its title, what happened and where to go.
 */
export function NotFoundScreen({
  malformed = false,
  status = malformed ? 400 : 404,
  title,
  text,
  links = HOME,
}: {
  malformed?: boolean;
  /** The status shown large: another refusal's (403, 410...) when the page was refused otherwise. */
  status?: number;
  title?: string;
  text?: string;
  links?: WayOn[];
}) {
  return (
    <Container className="flex flex-col items-center py-24 text-center">
      <p className="text-7xl font-bold text-primary">{status}</p>
      <h1 className="mt-4 text-3xl font-bold">
        {title ?? (malformed ? "This address is not valid" : "Oops! Page not found")}
      </h1>
      <p className="mt-3 max-w-md text-muted-foreground">
        {text ??
          (malformed
            ? "The link you followed has characters in it that no page of the shop uses. Check the address, or start again from the homepage."
            : "The page you are looking for does not exist or has moved.")}
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        {links.map((link, index) => (
          <Button key={link.to} asChild variant={index === 0 ? "primary" : "outline"}>
            <Link to={link.to}>{link.label}</Link>
          </Button>
        ))}
      </div>
    </Container>
  );
}
