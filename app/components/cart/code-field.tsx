import { type ReactNode, type RefObject, useEffect, useId, useRef, useState } from "react";
import { Button } from "~/components/ui/button";
import { Input, Label } from "~/components/ui/input";
import { refusalOf, useCartChange, useRevealed } from "./use-cart-change";

// What the cart's discount code and VAT number share: a field and a button when none is held, the
// one held with Remove, each on its own fetcher so that a refusal shows beside it (not in a toast),
// and the focus moved to the control that replaced the one used (the buttons are never disabled
// while a change is on its way, for the same reason).

export function useCodeField(fetcherKey: string, held: boolean) {
  const { fetcher } = useCartChange(fetcherKey);
  const problem = refusalOf(fetcher);
  const sent = useRef(false);
  const input = useRef<HTMLInputElement>(null);
  const remove = useRef<HTMLButtonElement>(null);
  const done = fetcher.state === "idle";
  useEffect(() => {
    if (!sent.current || !done) return;
    sent.current = false;
    (held ? remove : input).current?.focus();
  }, [held, done]);
  return { fetcher, problem, done, sent, input, remove };
}

type CodeField = ReturnType<typeof useCodeField>;

/** The field and its button (Enter sends it too); a refused entry's reason beside it, what was typed kept. */
export function CodeEntry({
  field,
  intent,
  name,
  label,
  sendLabel,
  sendingLabel,
}: {
  field: CodeField;
  intent: string;
  name: string;
  label: string;
  sendLabel: string;
  sendingLabel: string;
}) {
  const [typed, setTyped] = useState("");
  const id = useId();
  const revealed = useRevealed(field.problem);
  return (
    <field.fetcher.Form
      method="post"
      action="/api/v1/cart"
      className="grid gap-2"
      onSubmit={() => {
        field.sent.current = true;
      }}
    >
      <input type="hidden" name="intent" value={intent} />
      <Label htmlFor={id}>{label}</Label>
      <div className="flex gap-2">
        <Input
          ref={field.input}
          id={id}
          name={name}
          value={typed}
          onChange={(event) => setTyped(event.currentTarget.value)}
          autoComplete="off"
          spellCheck={false}
          maxLength={40}
          aria-invalid={field.problem ? true : undefined}
          aria-describedby={field.problem ? `${id}-problem` : undefined}
          className="min-w-0 flex-1"
        />
        <Button type="submit" variant="outline">
          {field.done ? sendLabel : sendingLabel}
        </Button>
      </div>
      {field.problem ? (
        <p ref={revealed} id={`${id}-problem`} role="alert" className="text-sm text-destructive">
          {field.problem}
        </p>
      ) : null}
    </field.fetcher.Form>
  );
}

/** The one held: what it is (`children`), Remove beside it, and what follows under it (`notes`). */
export function HeldCode({
  field,
  label,
  removeIntent,
  removeFields = {},
  removeLabel,
  children,
  notes,
}: {
  field: CodeField;
  label: string;
  removeIntent: string;
  removeFields?: Record<string, string>;
  /** What Remove removes, for a screen reader ("code SPRING10"). */
  removeLabel: string;
  children: ReactNode;
  notes?: ReactNode;
}) {
  return (
    <section aria-label={label} className="rounded-md border border-border p-3 text-sm">
      {/* What it does goes under it, so that Remove keeps beside it on a phone. */}
      <div className="flex items-center justify-between gap-3">
        <p className="min-w-0 wrap-anywhere">{children}</p>
        <field.fetcher.Form
          method="post"
          action="/api/v1/cart"
          className="shrink-0"
          onSubmit={() => {
            field.sent.current = true;
          }}
        >
          <input type="hidden" name="intent" value={removeIntent} />
          {Object.entries(removeFields).map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          <Button ref={field.remove as RefObject<HTMLButtonElement>} type="submit" variant="outline" size="sm">
            Remove<span className="sr-only"> {removeLabel}</span>
          </Button>
        </field.fetcher.Form>
      </div>
      {notes}
      {field.problem ? (
        <p role="alert" className="mt-2 text-destructive">
          {field.problem}
        </p>
      ) : null}
    </section>
  );
}
