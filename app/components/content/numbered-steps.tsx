import type { ReactNode } from "react";
import { Card } from "~/components/ui/card";
import { cn } from "~/lib/utils";

export type Step = { title: string; text: ReactNode };

const numberTones = {
  /** A filled primary circle. */
  strong: "bg-primary text-primary-foreground",
  /** A pale circle with a primary number. */
  soft: "bg-primary-soft text-primary",
};

type NumberTone = keyof typeof numberTones;

/** A step's number in a circle; decorative, since the ordered list already numbers its items. */
function StepNumber({ number, tone, className }: { number: number; tone: NumberTone; className: string }) {
  return (
    <span
      aria-hidden="true"
      className={cn("flex items-center justify-center rounded-full font-semibold", numberTones[tone], className)}
    >
      {number}
    </span>
  );
}

/** Ordered steps as a grid of cards: number, title (h3) and text. `className` sets the columns. */
export function NumberedStepCards({
  steps,
  tone = "strong",
  className,
}: {
  steps: readonly Step[];
  tone?: NumberTone;
  className?: string;
}) {
  return (
    <ol className={cn("grid gap-4", className)}>
      {steps.map((step, index) => (
        <li key={step.title}>
          <Card className="h-full p-6">
            <StepNumber number={index + 1} tone={tone} className="size-9" />
            <h3 className="mt-3 font-semibold">{step.title}</h3>
            <p className="mt-1 text-sm text-muted-foreground">{step.text}</p>
          </Card>
        </li>
      ))}
    </ol>
  );
}

/** Ordered steps as a vertical list: the number beside each step's title (h3) and text. */
export function NumberedStepList({ steps, tone = "soft" }: { steps: readonly Step[]; tone?: NumberTone }) {
  return (
    <ol className="space-y-4">
      {steps.map((step, index) => (
        <li key={step.title} className="flex gap-4">
          <StepNumber number={index + 1} tone={tone} className="size-8 shrink-0" />
          <div className="pt-1">
            <h3 className="font-semibold">{step.title}</h3>
            <p className="mt-1 text-muted-foreground">{step.text}</p>
          </div>
        </li>
      ))}
    </ol>
  );
}
