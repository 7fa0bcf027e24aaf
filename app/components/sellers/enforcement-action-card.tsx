import type { SubmissionResult } from "@conform-to/react";
import { APPEAL_STATUS_LABELS, formatDay, STEP_LABELS } from "@shared/enforcement.ts";
import { APPEAL_REVIEW_TIME } from "@shared/shop-facts.ts";
import { AppealForm } from "~/components/sellers/appeal-form";
import { Card } from "~/components/ui/card";

interface Appeal {
  status: keyof typeof APPEAL_STATUS_LABELS;
  message: string;
  createdAt: string;
  decisionNote: string | null;
  decidedAt: string | null;
}

/** One action on the seller's shop (dates as ISO strings): what, why, until when, and its appeal. */
interface EnforcementActionView {
  id: number;
  step: keyof typeof STEP_LABELS;
  reason: string;
  issuedAt: string;
  fixBy: string | null;
  endsAt: string | null;
  revokedAt: string | null;
  appealBy: string;
  canAppeal: boolean;
  appeal: Appeal | null;
}

/** An action on the seller's shop, with its appeal: sent (and how it stands), still possible, or too late. */
export function EnforcementActionCard({
  action,
  busy,
  lastResult,
}: {
  action: EnforcementActionView;
  busy: boolean;
  /** The action's Conform reply, when it answers this action's appeal form. */
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  return (
    <Card className="flex flex-col gap-3 p-5">
      <h3 className="text-lg font-semibold">
        {STEP_LABELS[action.step]} · {formatDay(action.issuedAt)}
      </h3>
      <p className="wrap-anywhere">{action.reason}</p>
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1 text-sm">
        {action.fixBy ? (
          <>
            <dt className="font-medium">Fix by</dt>
            <dd>{formatDay(action.fixBy)}</dd>
          </>
        ) : null}
        {action.endsAt ? (
          <>
            <dt className="font-medium">Suspended until</dt>
            <dd>{formatDay(action.endsAt)}</dd>
          </>
        ) : null}
        {action.revokedAt ? (
          <>
            <dt className="font-medium">Withdrawn</dt>
            <dd>{formatDay(action.revokedAt)}: it no longer counts against your shop.</dd>
          </>
        ) : null}
      </dl>
      {action.appeal ? (
        <AppealState appeal={action.appeal} />
      ) : action.canAppeal ? (
        <AppealForm actionId={action.id} appealBy={action.appealBy} busy={busy} lastResult={lastResult} />
      ) : action.revokedAt ? null : (
        <p className="text-sm text-muted-foreground">The time to appeal ended on {formatDay(action.appealBy)}.</p>
      )}
    </Card>
  );
}

function AppealState({ appeal }: { appeal: Appeal }) {
  return (
    <div className="rounded-md bg-muted p-3 text-sm">
      <p className="font-medium">
        {APPEAL_STATUS_LABELS[appeal.status]}
        {appeal.decidedAt ? ` · ${formatDay(appeal.decidedAt)}` : ` · sent ${formatDay(appeal.createdAt)}`}
      </p>
      {appeal.status === "pending" ? (
        <p className="mt-1 text-muted-foreground">
          We review appeals in {APPEAL_REVIEW_TIME} and email you the decision.
        </p>
      ) : null}
      {appeal.decisionNote ? <p className="mt-1 wrap-anywhere">{appeal.decisionNote}</p> : null}
      <details className="mt-2">
        <summary className="cursor-pointer">Your appeal</summary>
        <p className="mt-1 whitespace-pre-line wrap-anywhere text-muted-foreground">{appeal.message}</p>
      </details>
    </div>
  );
}
