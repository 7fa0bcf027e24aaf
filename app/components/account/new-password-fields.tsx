import type { FieldMetadata } from "@conform-to/react";
import { InputField } from "~/components/forms/form-field";

/** A new password typed twice (settings' change and the reset link's page). */
export function NewPasswordFields({
  newPassword,
  confirmPassword,
}: {
  newPassword: FieldMetadata<unknown>;
  confirmPassword: FieldMetadata<unknown>;
}) {
  return (
    <>
      <InputField field={newPassword} label="New password" type="password" autoComplete="new-password" />
      <InputField field={confirmPassword} label="Confirm new password" type="password" autoComplete="new-password" />
    </>
  );
}
