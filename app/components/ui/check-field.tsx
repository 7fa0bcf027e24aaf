import { type ReactNode, useId } from "react";

/**
 * A checkbox with its label beside it (and a hint under it): controlled when `checked` is given,
 * otherwise sent with its form as `name`.
 */
export function CheckField({
  checked,
  onChange,
  name,
  disabled,
  hint,
  children,
}: {
  checked?: boolean;
  onChange?: (checked: boolean) => void;
  name?: string;
  disabled?: boolean;
  hint?: ReactNode;
  children: ReactNode;
}) {
  const hintId = useId();
  return (
    <div className="flex flex-col gap-1">
      <label className="flex items-start gap-2 text-sm">
        <input
          type="checkbox"
          name={name}
          checked={checked}
          onChange={onChange ? (event) => onChange(event.target.checked) : undefined}
          disabled={disabled}
          aria-describedby={hint ? hintId : undefined}
          className="mt-0.5 size-4 shrink-0 accent-primary"
        />
        <span className="min-w-0">{children}</span>
      </label>
      {hint ? (
        <p id={hintId} className="pl-6 text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
    </div>
  );
}
