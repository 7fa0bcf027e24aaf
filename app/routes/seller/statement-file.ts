import { servicesContext } from "@server/http/context.ts";
import { statementResponse } from "@server/payouts/statement-download.ts";
import { requireCreator } from "~/lib/require-creator.server";
import type { Route } from "./+types/statement-file";

// GET /seller/statements/2026-11.pdf (or .csv): the signed-in seller's own statement of that month
// (server/payouts/statement-download.ts); anyone else is sent away by requireCreator.
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { creator } = await requireCreator(request, context);
  return statementResponse(context.get(servicesContext), { creatorId: creator.id, file: params.file });
}
