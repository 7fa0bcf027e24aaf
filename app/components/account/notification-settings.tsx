import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { FormStatus } from "./form-status";
import { outcomeOf, type SectionAnswer } from "./section-answer";

/** Settings: the emails a buyer may turn off (the same choice as the emails' unsubscribe link). */
export function NotificationSettings({
  productUpdates,
  answer,
  saving,
}: {
  productUpdates: boolean;
  answer: SectionAnswer | undefined;
  saving: boolean;
}) {
  return (
    <Card className="mt-6 p-6">
      <h2 className="text-xl font-semibold">Email notifications</h2>
      {/* Keyed by the saved choice: the box shows what is stored once the page is loaded again. */}
      <Form method="post" className="mt-4 grid gap-4" key={String(productUpdates)}>
        <FormStatus result={outcomeOf(answer)} />
        <div className="flex items-start gap-3">
          <input
            id="product-updates"
            type="checkbox"
            name="productUpdates"
            defaultChecked={productUpdates}
            className="mt-1 size-4 shrink-0 accent-primary"
          />
          <label htmlFor="product-updates" className="text-sm">
            Email me when a product I bought gets a new version
          </label>
        </div>
        <Button
          type="submit"
          name="intent"
          value="product-updates"
          variant="outline"
          className="justify-self-start"
          disabled={saving}
        >
          Save email preferences
        </Button>
      </Form>
    </Card>
  );
}
