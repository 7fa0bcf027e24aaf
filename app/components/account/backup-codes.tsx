import { Check, Copy, Download, TriangleAlert } from "lucide-react";
import { useState } from "react";
import { Button } from "~/components/ui/button";
import { useHydrated } from "~/lib/hydrated";

/**
 * The backup codes just made, shown this once: to copy (with JavaScript) or download as a text
 * file (a link, which works without it). Each one signs in once in place of the app's code.
 */
export function BackupCodes({ codes }: { codes: string[] }) {
  const hydrated = useHydrated();
  const [copied, setCopied] = useState<"yes" | "failed" | null>(null);
  const text = `${codes.join("\n")}\n`;
  async function copy() {
    try {
      await navigator.clipboard.writeText(text);
      setCopied("yes");
    } catch {
      setCopied("failed");
    }
  }
  return (
    <section aria-labelledby="backup-codes-title" className="rounded-lg border border-amber-300 bg-amber-50 p-5">
      <h3 id="backup-codes-title" className="text-lg font-semibold">
        Your backup codes
      </h3>
      <p className="mt-2 flex items-start gap-2 text-sm text-amber-900">
        <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        <span>
          Keep them somewhere safe, apart from your phone: if you lose it, each code signs you in once instead of the
          app's code. This is the only time they are shown.
        </span>
      </p>
      <ol className="mt-4 grid grid-cols-2 gap-2 font-mono text-sm sm:grid-cols-5 sm:text-base">
        {codes.map((code) => (
          <li key={code} className="whitespace-nowrap rounded-md bg-background px-1 py-1 text-center">
            {code}
          </li>
        ))}
      </ol>
      <div className="mt-4 flex flex-wrap gap-3">
        {hydrated ? (
          <Button type="button" variant="outline" onClick={copy}>
            {copied === "yes" ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
            {copied === "yes" ? "Copied" : "Copy codes"}
          </Button>
        ) : null}
        <Button asChild variant="outline">
          <a href={`data:text/plain;charset=utf-8,${encodeURIComponent(text)}`} download="backup-codes.txt">
            <Download aria-hidden="true" />
            Download codes
          </a>
        </Button>
      </div>
      <p role="status" className="mt-2 min-h-5 text-sm">
        {copied === "yes" ? "The codes are on your clipboard." : null}
        {copied === "failed" ? "Could not copy: select the codes and copy them yourself." : null}
      </p>
    </section>
  );
}
