import { data } from "react-router";
import { NotFoundScreen } from "~/components/layout/not-found-screen";
import { pageLoader } from "~/lib/refusal.server";

export const loader = pageLoader(async () => {
  return data(null, { status: 404 });
});

export const meta = () => [{ title: "Page not found" }];

export default function NotFound() {
  return <NotFoundScreen />;
}
