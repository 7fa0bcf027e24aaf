import { Download } from "lucide-react";
import { TextLink } from "~/components/content/text-link";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";

/** Where Settings' Download your data asks for the file (app/routes/account/personal-data.ts). */
const PERSONAL_DATA_PATH = "/account/personal-data";

/** Settings: a copy of everything the shop keeps about the signed-in person, as one JSON file. */
export function PersonalDataSettings() {
  return (
    <Card className="mt-6 p-6" id="your-data">
      <h2 className="text-xl font-semibold">Your data</h2>
      <p className="mt-2 text-sm text-muted-foreground">
        Download a copy of everything we keep about you: your profile, orders, licences and downloads, reviews, cart,
        wishlist, follows, email choices, sign-in sessions and, if you sell, your shop, sales, payouts and tax details.
        It is a JSON file that other services can read. See our <TextLink to="/privacy">Privacy Policy</TextLink> for
        what we do with it.
      </p>
      <Button asChild variant="outline" className="mt-4">
        {/* A file, not a page: the browser downloads it (no client-side navigation). */}
        <a href={PERSONAL_DATA_PATH} download>
          <Download aria-hidden="true" /> Download your data
        </a>
      </Button>
    </Card>
  );
}
