import { useEffect, useRef } from "react";
import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { Input, Label } from "~/components/ui/input";

/** The editor's last change that worked (its intent), if the last answer was one. */
export type LastChange = { intent: string } | null;

/** One upload of the product editor (an image or a file): the field and its button. */
export function ProductUpload({
  intent,
  field,
  label,
  accept,
  busy,
  lastChange,
}: {
  intent: string;
  field: string;
  label: string;
  accept?: string;
  busy: boolean;
  lastChange: LastChange;
}) {
  // Once the upload is in, the field is emptied (it would still name the file sent).
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (lastChange?.intent === intent) form.current?.reset();
  }, [lastChange, intent]);
  return (
    <Form ref={form} method="post" encType="multipart/form-data" className="mt-4 flex flex-col gap-2">
      <Label htmlFor={`upload-${field}`}>{label}</Label>
      <Input id={`upload-${field}`} name={field} type="file" accept={accept} required className="h-auto py-2" />
      <Button type="submit" name="intent" value={intent} variant="outline" className="self-start" disabled={busy}>
        Upload
      </Button>
    </Form>
  );
}
