import { data } from "react-router";
import { NotFoundScreen } from "~/components/layout/not-found-screen";

export function loader() {
  return data(null, { status: 404 });
}

export const meta = () => [{ title: "Page not found" }];

export default function NotFound() {
  return <NotFoundScreen />;
}
