/** The outcome of an account form, read out by screen readers. */
export function FormStatus({ result }: { result: { ok: boolean; message: string } | undefined }) {
  if (!result) return null;
  return (
    <p
      role={result.ok ? "status" : "alert"}
      className={
        result.ok
          ? "rounded-md bg-emerald-50 p-3 text-sm text-success"
          : "rounded-md bg-rose-50 p-3 text-sm text-destructive"
      }
    >
      {result.message}
    </p>
  );
}
