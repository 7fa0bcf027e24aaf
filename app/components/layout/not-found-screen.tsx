import { Link } from "react-router";
import { Button } from "~/components/ui/button";
import { Container } from "~/components/ui/page";

export function NotFoundScreen() {
  return (
    <Container className="flex flex-col items-center py-24 text-center">
      <p className="text-7xl font-bold text-primary">404</p>
      <h1 className="mt-4 text-3xl font-bold">Oops! Page not found</h1>
      <p className="mt-3 max-w-md text-muted-foreground">The page you are looking for does not exist or has moved.</p>
      <Button asChild className="mt-8">
        <Link to="/">Return to Home</Link>
      </Button>
    </Container>
  );
}
