import { getFormProps, getInputProps } from "@conform-to/react";
import type { Application } from "@server/sellers/applications.ts";
import { sellerApplicationSchema } from "@shared/seller-application-schema.ts";
import { SELLER_REVIEW_TIME } from "@shared/shop-facts.ts";
import { Form, Link, useNavigation } from "react-router";
import { FormStatus } from "~/components/account/form-status";
import { TextLink } from "~/components/content/text-link";
import {
  FieldError,
  type FormReply,
  InputField,
  replyOf,
  TextareaField,
  useSchemaForm,
} from "~/components/forms/form-field";
import { useShopDialogs } from "~/components/layout/shop-dialogs";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";

type Status = Pick<Application, "status" | "shopName" | "rejectionReason"> | null;
/** The action's answer: the form's problems (a Conform reply), a refusal or the thanks. */
type ApplicationAnswer = FormReply | { ok: boolean; message: string } | undefined;

/** The application to sell, as the visitor stands: sign in, apply, wait for the review, or sell. */
export function ApplicationSection({
  signedIn,
  isSeller,
  application,
  answer,
}: {
  signedIn: boolean;
  isSeller: boolean;
  application: Status;
  answer: ApplicationAnswer;
}) {
  const login = useShopDialogs().login;
  return (
    <Card id="apply" className="scroll-mt-24 p-6 sm:p-10">
      <h2 className="text-2xl font-semibold sm:text-3xl">Apply to sell</h2>
      {isSeller ? (
        <div className="mt-3 flex flex-col items-start gap-4">
          <p className="text-muted-foreground">You are a seller: your shop is open.</p>
          <Button asChild>
            <Link to="/seller">Go to your Seller Dashboard</Link>
          </Button>
        </div>
      ) : !signedIn ? (
        <div className="mt-3 flex flex-col items-start gap-4">
          <p className="text-muted-foreground">
            Applying takes a few minutes. Sign in or create an account first; we'll get back to you within{" "}
            {SELLER_REVIEW_TIME}.
          </p>
          <Button onClick={login.show}>Sign in to apply</Button>
        </div>
      ) : application?.status === "pending" ? (
        <p role="status" className="mt-3 text-muted-foreground">
          Thank you! Your application for "{application.shopName}" is being reviewed. Review takes {SELLER_REVIEW_TIME},
          and we will email you the decision.
        </p>
      ) : (
        <>
          {application?.status === "rejected" ? (
            <p className="mt-3 rounded-md bg-rose-50 p-3 text-sm text-rose-900">
              Your last application for "{application.shopName}" was not approved: {application.rejectionReason} You are
              welcome to apply again.
            </p>
          ) : (
            <p className="mt-3 text-muted-foreground">
              Applying takes a few minutes. Review takes {SELLER_REVIEW_TIME}; we email you the decision.
            </p>
          )}
          <ApplicationForm answer={answer} />
        </>
      )}
    </Card>
  );
}

function ApplicationForm({ answer }: { answer: ApplicationAnswer }) {
  const sending = useNavigation().state === "submitting";
  const [form, fields] = useSchemaForm(sellerApplicationSchema, { lastResult: replyOf(answer) });
  const refusal = answer && "message" in answer ? answer : undefined;
  return (
    <Form method="post" preventScrollReset {...getFormProps(form)} className="mt-6 grid gap-4 sm:grid-cols-2">
      <InputField field={fields.shopName} label="Shop or creator name" />
      <InputField field={fields.specialty} label="Specialty" placeholder="Digital planners, wall art..." />
      <TextareaField field={fields.bio} label="About you" className="sm:col-span-2" rows={5} />
      <InputField field={fields.website} label="Website (optional)" type="url" placeholder="https://" />
      <InputField field={fields.sampleUrl} label="A sample of your work (link)" type="url" placeholder="https://" />
      <div className="grid gap-2 sm:col-span-2">
        <label className="flex items-start gap-2 text-sm">
          <input
            {...getInputProps(fields.acceptGuidelines, { type: "checkbox" })}
            key={fields.acceptGuidelines.key}
            className="mt-1 size-4 accent-primary"
          />
          <span>
            I have read and accept the <TextLink to="/guidelines">seller guidelines</TextLink>.
          </span>
        </label>
        <FieldError field={fields.acceptGuidelines} />
      </div>
      <div className="flex flex-col gap-3 sm:col-span-2">
        <FormStatus result={refusal} />
        <Button type="submit" size="lg" className="self-start" disabled={sending}>
          {sending ? "Sending..." : "Send application"}
        </Button>
      </div>
    </Form>
  );
}
