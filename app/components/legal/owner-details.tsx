import { Card } from "~/components/ui/card";

/** Who runs the shop and how to reach them, as the Privacy Policy and Terms name them. */
export function OwnerDetails({
  ownerName,
  ownerAddress,
  privacyEmail,
}: {
  ownerName: string;
  ownerAddress: readonly string[];
  privacyEmail: string;
}) {
  return (
    <Card className="p-5">
      <address className="not-italic">
        <p className="font-semibold">{ownerName}</p>
        {ownerAddress.map((line) => (
          <p key={line} className="text-muted-foreground">
            {line}
          </p>
        ))}
        <p className="mt-2">
          Email:{" "}
          <a href={`mailto:${privacyEmail}`} className="font-medium text-primary underline underline-offset-4">
            {privacyEmail}
          </a>
        </p>
      </address>
    </Card>
  );
}

/** A demo shop's notice at the top of its legal pages: nothing it holds is real. */
export function DemoShopNotice({ shopMode }: { shopMode: "demo" | "live" }) {
  if (shopMode !== "demo") return null;
  return (
    <Card className="border-amber-300 bg-amber-50 p-5 text-amber-950">
      <p className="font-semibold">This is a demo shop.</p>
      <p className="mt-1">
        Its products, sellers and orders are samples, and no real payment is taken. Please don't give it real personal
        data. This page shows the text the shop would use if it were live.
      </p>
    </Card>
  );
}
