import { Form, useNavigation } from "react-router";
import { Button, type ButtonProps } from "~/components/ui/button";

/** The hidden field naming the row an admin form decides on: `{ name: "requestId", value: 12 }`. */
export interface IdField {
  name: string;
  value: string | number;
}

type SubmitButtonProps = Omit<ButtonProps, "type" | "name" | "value" | "disabled"> & {
  /** Sent as `intent`; none when the action knows only one. */
  intent?: string;
};

/** An admin form's submit button, disabled while a form is being sent. */
export function SubmitButton({ intent, ...props }: SubmitButtonProps) {
  const busy = useNavigation().state === "submitting";
  return <Button type="submit" name={intent ? "intent" : undefined} value={intent} disabled={busy} {...props} />;
}

/** A decision in one click: a form with the row's hidden id and its button. */
export function PostButton({ idField, ...button }: SubmitButtonProps & { idField: IdField }) {
  return (
    <Form method="post">
      <input type="hidden" name={idField.name} value={idField.value} />
      <SubmitButton {...button} />
    </Form>
  );
}
