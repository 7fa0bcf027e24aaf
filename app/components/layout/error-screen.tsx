import { AlertTriangle } from "lucide-react";
import { Link, useLocation, useNavigate } from "react-router";
import { Button } from "~/components/ui/button";
import { Container } from "~/components/ui/page";

/**
 * The error screen, shown when a page fails to render or load; `unavailable`: the
 * shop is briefly away (its database), a 503 whose Retry-After says when to come back.
 */
export function ErrorScreen({ unavailable = false }: { unavailable?: boolean }) {
  const location = useLocation();
  const navigate = useNavigate();
  const here = location.pathname + location.search;
  return (
    <Container className="flex flex-col items-center py-20 text-center">
      <div className="mb-6 rounded-full bg-rose-100 p-4 text-destructive">
        <AlertTriangle aria-hidden="true" className="size-8" />
      </div>
      <h1 className="text-3xl font-bold">{unavailable ? "We'll be right back" : "Something went wrong"}</h1>
      <p className="mt-3 max-w-md text-muted-foreground">
        {unavailable
          ? "The shop is briefly unavailable. Please try again in a moment."
          : "We're sorry, but something unexpected happened. Please try refreshing the page or go back to the homepage."}
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        {/* Navigating to the same address runs its loaders again, which resets the error. */}
        <Button onClick={() => navigate(here, { replace: true })}>Try Again</Button>
        <Button variant="outline" onClick={() => window.location.reload()}>
          Refresh Page
        </Button>
        <Button variant="outline" asChild>
          <Link to="/">Go to Homepage</Link>
        </Button>
      </div>
    </Container>
  );
}
