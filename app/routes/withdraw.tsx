import { getFormProps } from "@conform-to/react";
import { servicesContext } from "@server/http/context.ts";
import { withdrawByLookup, withdrawnMessage } from "@server/orders/withdrawal.ts";
import type { Answer } from "@shared/answer.ts";
import { CONFIRM_WITHDRAWAL_LABEL, WITHDRAW_LABEL, WITHDRAWAL_DAYS } from "@shared/withdrawal.ts";
import { withdrawalRequestSchema } from "@shared/withdrawal-schema.ts";
import { data, useFetcher } from "react-router";
import { FormStatus } from "~/components/account/form-status";
import { type FormReply, InputField, replyOf, useSchemaForm } from "~/components/forms/form-field";
import { OrderNumberAndEmail } from "~/components/orders/order-link-form";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Container } from "~/components/ui/page";
import { keepPageOnFault } from "~/lib/fetcher-fault";
import { parseSubmission, readForm } from "~/lib/form.server";
import { pageMeta } from "~/lib/meta";
import { formAction } from "~/lib/refusal.server";
import type { Route } from "./+types/withdraw";

type WithdrawAnswer = Answer<{ message: string }> | FormReply;

/** POST: name, order number and email: the order's buyer withdraws from it, as on its page. */
export const action = formAction(async ({ request, context }: Route.ActionArgs) => {
  const services = context.get(servicesContext);
  const submission = parseSubmission(await readForm(request), withdrawalRequestSchema);
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const { refundedCents } = await withdrawByLookup(services, submission.value);
  return { ok: true as const, message: withdrawnMessage(refundedCents) };
});

export const clientAction = (args: Route.ClientActionArgs) => keepPageOnFault(args);

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta(matches, "Withdraw from a purchase"),
  { name: "robots", content: "noindex" },
];

/** The withdrawal function (Art. 11a, Directive 2023/2673), open to anyone with the order's number. */
export default function Withdraw({ actionData }: Route.ComponentProps) {
  const fetcher = useFetcher<WithdrawAnswer>();
  const sending = fetcher.state !== "idle";
  const latest = fetcher.data ?? (actionData as WithdrawAnswer | undefined);
  const [form, fields] = useSchemaForm(withdrawalRequestSchema, { id: "withdrawal", lastResult: replyOf(latest) });
  return (
    <Container className="max-w-lg py-12">
      <h1 className="text-3xl font-bold">{WITHDRAW_LABEL}</h1>
      <p className="mt-2 text-muted-foreground">
        If you live in the EU, you may withdraw from a purchase within {WITHDRAWAL_DAYS} days, unless you agreed at
        checkout to lose that right once a download starts and have started one. Enter your name, the order number from
        your receipt and the email address you bought with: the items your right still covers are refunded, and the
        confirmation is emailed to you.
      </p>
      <Card className="mt-6 p-6">
        <fetcher.Form method="post" {...getFormProps(form)} className="grid gap-4 text-left">
          <FormStatus result={latest && "message" in latest ? latest : undefined} />
          <InputField field={fields.name} label="Your name" maxLength={100} autoComplete="name" />
          <OrderNumberAndEmail fields={fields} />
          <div>
            <Button type="submit" disabled={sending}>
              {sending ? "Withdrawing..." : CONFIRM_WITHDRAWAL_LABEL}
            </Button>
          </div>
        </fetcher.Form>
      </Card>
    </Container>
  );
}
