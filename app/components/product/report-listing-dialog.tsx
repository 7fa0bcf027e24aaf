import { getCollectionProps, getFormProps } from "@conform-to/react";
import type { Answer } from "@shared/answer.ts";
import {
  REPORT_DETAILS_MAX_LENGTH,
  REPORT_REASON_LABELS,
  REPORT_REASONS,
  reportFormSchema,
} from "@shared/report-schema.ts";
import { CheckCircle2 } from "lucide-react";
import { Dialog } from "radix-ui";
import { useFetcher } from "react-router";
import {
  FieldError,
  type FormReply,
  InputField,
  replyOf,
  TextareaField,
  useSchemaForm,
} from "~/components/forms/form-field";
import { PanelDialog } from "~/components/layout/panel-dialog";
import { Button } from "~/components/ui/button";
import { doneIn, refusedIn } from "~/lib/action-result";

type ReportAnswer = Answer<{ message: string }> | FormReply;

/**
 * The "Report this listing" dialog: why (one of the reasons), details if they like, and for a
 * guest an address to reach them. Once sent it says so in place of the form; a refusal (already
 * reported, too many reports) shows above the button.
 */
export function ReportListingDialog({
  productId,
  guest,
  onClose,
}: {
  productId: number;
  guest: boolean;
  onClose: () => void;
}) {
  const fetcher = useFetcher<ReportAnswer>();
  const [form, fields] = useSchemaForm(reportFormSchema(guest), {
    id: "report-listing",
    lastResult: replyOf(fetcher.data),
  });
  const sending = fetcher.state !== "idle";
  const answer = doneIn(fetcher.data) ?? refusedIn(fetcher.data);
  return (
    <PanelDialog
      title="Report this listing"
      description="Tell our team what is wrong with this product. The seller is not told who reported it."
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
    >
      {answer?.ok ? (
        <div className="flex flex-col items-start gap-4 py-2">
          <p role="status" className="flex items-start gap-2">
            <CheckCircle2 className="mt-0.5 size-5 shrink-0 text-success" aria-hidden="true" />
            {answer.message}
          </p>
          <Dialog.Close asChild>
            <Button>Done</Button>
          </Dialog.Close>
        </div>
      ) : (
        <fetcher.Form
          method="post"
          action={`/product/${productId}/report`}
          {...getFormProps(form)}
          className="flex flex-col gap-4 pb-1"
        >
          <fieldset
            className="flex flex-col gap-2"
            aria-describedby={fields.reason.errors?.length ? fields.reason.errorId : undefined}
          >
            <legend className="mb-1 text-sm font-medium">Why are you reporting it?</legend>
            {getCollectionProps(fields.reason, { type: "radio", options: REPORT_REASONS }).map(({ key, ...props }) => (
              <label key={key} className="flex items-start gap-2 text-sm">
                <input {...props} className="mt-0.5 size-4 shrink-0 accent-primary" />
                {REPORT_REASON_LABELS[props.value as keyof typeof REPORT_REASON_LABELS]}
              </label>
            ))}
            <FieldError field={fields.reason} />
          </fieldset>
          <TextareaField
            field={fields.details}
            label="Details (optional)"
            hint="What did you notice? A link to the original work helps."
            maxLength={REPORT_DETAILS_MAX_LENGTH}
            rows={4}
          />
          {guest ? (
            <InputField
              field={fields.email}
              label="Your email"
              type="email"
              autoComplete="email"
              hint="Only our team sees it, to ask you more if needed."
            />
          ) : null}
          {answer && !answer.ok ? (
            <p role="alert" className="text-sm text-destructive">
              {answer.message}
            </p>
          ) : null}
          <Button type="submit" className="self-start" disabled={sending}>
            {sending ? "Sending..." : "Send report"}
          </Button>
        </fetcher.Form>
      )}
    </PanelDialog>
  );
}
