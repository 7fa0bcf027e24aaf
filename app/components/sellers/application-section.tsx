import type { Application } from "@server/sellers/applications.ts";
import { SELLER_REVIEW_TIME } from "@shared/shop-facts.ts";
import { Form, Link, useNavigation } from "react-router";
import { FormStatus } from "~/components/account/form-status";
import { TextLink } from "~/components/content/text-link";
import { useShopDialogs } from "~/components/layout/shop-dialogs";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Label, Textarea, TextField } from "~/components/ui/input";

type Status = Pick<Application, "status" | "shopName" | "rejectionReason"> | null;

/** The application to sell, as the visitor stands: sign in, apply, wait for the review, or sell. */
export function ApplicationSection({
  signedIn,
  isSeller,
  application,
  result,
}: {
  signedIn: boolean;
  isSeller: boolean;
  application: Status;
  result: { ok: boolean; message: string } | undefined;
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
          <ApplicationForm result={result} />
        </>
      )}
    </Card>
  );
}

function ApplicationForm({ result }: { result: { ok: boolean; message: string } | undefined }) {
  const sending = useNavigation().state === "submitting";
  return (
    <Form method="post" preventScrollReset className="mt-6 grid gap-4 sm:grid-cols-2">
      <Field label="Shop or creator name" name="shopName" maxLength={60} />
      <Field label="Specialty" name="specialty" placeholder="Digital planners, wall art..." maxLength={80} />
      <div className="flex flex-col gap-1.5 sm:col-span-2">
        <Label htmlFor="apply-bio">About you</Label>
        <Textarea id="apply-bio" name="bio" required minLength={30} maxLength={1000} className="min-h-28" />
      </div>
      <Field label="Website (optional)" name="website" type="url" required={false} placeholder="https://" />
      <Field label="A sample of your work (link)" name="sampleUrl" type="url" placeholder="https://" />
      <label className="flex items-start gap-2 text-sm sm:col-span-2">
        <input type="checkbox" name="acceptGuidelines" required className="mt-1 size-4 accent-primary" />
        <span>
          I have read and accept the <TextLink to="/guidelines">seller guidelines</TextLink>.
        </span>
      </label>
      <div className="flex flex-col gap-3 sm:col-span-2">
        <FormStatus result={result} />
        <Button type="submit" size="lg" className="self-start" disabled={sending}>
          {sending ? "Sending..." : "Send application"}
        </Button>
      </div>
    </Form>
  );
}

function Field({ name, required = true, ...props }: { label: string; name: string } & React.ComponentProps<"input">) {
  return <TextField id={`apply-${name}`} name={name} required={required} {...props} />;
}
