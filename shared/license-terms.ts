import type { LicenseTier } from "./license-tiers.ts";

// The words of the License page (/license) for each tier: what it is for, what it allows and what
// it does not. The page shows them, and a licence certificate quotes its tier's, so the two never
// say different things.

export interface LicenseTerms {
  summary: string;
  may: string[];
  mayNot: string[];
}

export const LICENSE_TERMS: Record<LicenseTier, LicenseTerms> = {
  personal: {
    summary: "For your own non-commercial use. Included with every purchase.",
    may: [
      "Use the files for yourself: planning, studying, decorating your home.",
      "Print copies for your own use, at home or at a print shop.",
      "Edit and customise the files for your own projects.",
      "Make a printed gift for friends or family, as long as you don't charge for it.",
    ],
    mayNot: [
      "Use the files in business, client or paid work.",
      "Sell the files or anything made from them.",
      "Share, upload or give the files to others.",
    ],
  },
  commercial: {
    summary: "For freelancers and businesses using the files in their work.",
    may: [
      "Everything the Personal license allows.",
      "Use the files in client projects and in your business.",
      "Use them in advertising, social media posts, presentations and websites.",
      "Sell end products in which the design is one part of a larger work, such as a book cover or packaging.",
    ],
    mayNot: [
      "Sell products where the design itself is the main thing being sold, such as posters or printed apparel.",
      "Resell, share or redistribute the original files, edited or not.",
      "Use the design in a logo or trademark.",
    ],
  },
  extended: {
    summary: "For creators and shops selling products built around the design.",
    may: [
      "Everything the Commercial license allows.",
      "Sell products where the design is the main feature: prints, posters, apparel, print-on-demand.",
      "Sell as many units as you like.",
    ],
    mayNot: [
      "Resell, share or redistribute the original files, edited or not, including as part of another template or asset pack.",
      "Use the design in a logo or trademark.",
      "Claim the original work as your own.",
    ],
  },
};

/** What a license's seats mean (the License page and the certificate say it alike). */
export const SEATS_MEANING = "Each seat is one person who may use the files under the license.";
