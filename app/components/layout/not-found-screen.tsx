import { Link } from "react-router";
import { Button } from "~/components/ui/button";
import { Container } from "~/components/ui/page";

/** The catch-all's page (SPEC section 2), and the page of an address the shop cannot read (400). */
export function NotFoundScreen({ malformed = false }: { malformed?: boolean }) {
  return (
    <Container className="flex flex-col items-center py-24 text-center">
      <p className="text-7xl font-bold text-primary">{malformed ? 400 : 404}</p>
      <h1 className="mt-4 text-3xl font-bold">{malformed ? "This address is not valid" : "Oops! Page not found"}</h1>
      <p className="mt-3 max-w-md text-muted-foreground">
        {malformed
          ? "The link you followed has characters in it that no page of the shop uses. Check the address, or start again from the homepage."
          : "The page you are looking for does not exist or has moved."}
      </p>
      <Button asChild className="mt-8">
        <Link to="/">Return to Home</Link>
      </Button>
    </Container>
  );
}
