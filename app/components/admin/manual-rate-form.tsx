import { getFormProps } from "@conform-to/react";
import { SETTLEMENT_CURRENCY } from "@shared/currencies.ts";
import { manualRateSchema } from "@shared/manual-rate-schema.ts";
import { Form, useActionData } from "react-router";
import { FormStatus } from "~/components/account/form-status";
import { SubmitButton } from "~/components/admin/post-button";
import { InputField, replyOf, useSchemaForm } from "~/components/forms/form-field";
import { Card } from "~/components/ui/card";

interface ManualRateFormProps {
  code: string;
  name: string;
  /** The owner's rate in force, if any: the form then offers to clear it. */
  manual: string | null;
  /** The feed's latest rate, to compare with before typing one's own. */
  feed: string | null;
}

/**
 * One currency's rate set by hand: the rate field (checked as it is typed, by the same rules as the
 * server's) with its button, and, while one is set, the button that clears it. Every form of the
 * page reads the page's action answer: only the currency's own form takes it.
 */
export function ManualRateForm({ code, name, manual, feed }: ManualRateFormProps) {
  const answer = useActionData();
  const reply = replyOf(answer);
  const set = outcomeOf(answer, "set-rate", code);
  const outcome = set ?? outcomeOf(answer, "clear-rate", code);
  // A refused rate's reply names its form by what was sent; a rate set (the form emptied for the
  // next, which leaves nothing sent in the reply) by the answer's currency.
  const sent = reply?.initialValue;
  const ours = Boolean(set) || (sent?.currency === code && sent?.intent === "set-rate");
  const [form, fields] = useSchemaForm(manualRateSchema, { id: `rate-${code}`, lastResult: ours ? reply : undefined });
  const headingId = `rate-${code}-heading`;
  return (
    <Card className="flex flex-col gap-3 p-5">
      <h4 id={headingId} className="text-base font-semibold">
        {code} <span className="font-normal text-muted-foreground">{name}</span>
      </h4>
      <p className="text-sm">
        {manual ? (
          <>
            Yours: <span className="font-medium tabular-nums">{manual}</span> ·{" "}
          </>
        ) : null}
        The ECB's latest: <span className="tabular-nums">{feed ?? "none"}</span>
      </p>
      <Form method="post" preventScrollReset {...getFormProps(form)} className="flex flex-wrap items-start gap-3">
        <input type="hidden" name="currency" value={code} />
        <InputField
          field={fields.rate}
          label={`${code} per 1 ${SETTLEMENT_CURRENCY}`}
          hint="Digits, with a point for decimals"
          inputMode="decimal"
          autoComplete="off"
          className="min-w-40 flex-1"
        />
        <SubmitButton intent="set-rate" className="mt-7" aria-describedby={headingId}>
          Set rate
        </SubmitButton>
      </Form>
      {manual ? (
        <Form method="post" preventScrollReset>
          <input type="hidden" name="currency" value={code} />
          <SubmitButton intent="clear-rate" variant="outline" size="sm" aria-describedby={headingId}>
            Clear yours: back to the feed
          </SubmitButton>
        </Form>
      ) : null}
      <FormStatus result={outcome} />
    </Card>
  );
}

/**
 * The outcome of the page's last action when it is the one asked for (`intent`, for `currency`),
 * to show beside the form that sent it; with neither, an answer that names no form (a refusal of
 * the page's).
 */
export function outcomeOf(
  answer: unknown,
  intent?: string,
  currency?: string,
): { ok: boolean; message: string } | undefined {
  if (!answer || typeof answer !== "object" || !("message" in answer)) return undefined;
  const named = answer as { ok?: unknown; message: unknown; intent?: unknown; currency?: unknown };
  if (named.intent !== intent || named.currency !== currency) return undefined;
  return { ok: named.ok === true, message: String(named.message) };
}
