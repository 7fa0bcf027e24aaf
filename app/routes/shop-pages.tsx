import { Outlet } from "react-router";
import { ShopErrorScreen } from "~/components/layout/shop-error-screen";
import type { Route } from "./+types/shop-pages";

/** The pages of the shop (app/routes.ts): their faults are shown here, inside the root's frame. */
export default function ShopPages() {
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ShopErrorScreen error={error} />;
}
