import { Link } from "react-router";
import { Button } from "~/components/ui/button";
import { Container } from "~/components/ui/page";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/deleted";

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, "Account deleted");

export default function AccountDeleted() {
  return (
    <Container className="max-w-lg py-24 text-center">
      <h1 className="text-3xl font-bold">Your account was deleted</h1>
      <p className="mt-3 text-muted-foreground">You have been signed out everywhere. Thank you for shopping with us.</p>
      <p className="mt-3 text-muted-foreground">
        We sent a confirmation to your email address. The records of your orders stay, no longer linked to an account,
        as tax law requires: see our{" "}
        <Link to="/privacy" className="font-medium text-primary underline underline-offset-4">
          Privacy Policy
        </Link>
        .
      </p>
      <Button asChild className="mt-8">
        <Link to="/">Go to Homepage</Link>
      </Button>
    </Container>
  );
}
