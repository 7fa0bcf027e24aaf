// Shapes of the hand-written sample catalogue (server/catalogue/sample-catalogue.ts).
// Money is integer cents; dates are ISO strings (YYYY-MM-DD).

export const FORMATS = ["PDF", "PNG", "SVG", "JPG", "PSD", "AI", "Video"] as const;
export type Format = (typeof FORMATS)[number];

// Every style offered by a filter panel (category page and /browse together).
export const STYLES = [
  "Minimalist",
  "Aesthetic",
  "Boho",
  "Modern",
  "Vintage",
  "Colorful",
  "Abstract",
  "Geometric",
  "Typography",
] as const;
export type Style = (typeof STYLES)[number];

// The art generator draws a cover in one of these looks (see server/media/generated-art.ts).
export const ART_KINDS = ["planner", "wall-art", "template", "course", "ebook", "printable", "avatar"] as const;
export type ArtKind = (typeof ART_KINDS)[number];

export interface SampleCategory {
  slug: string; // lowercased name, first space replaced by a hyphen
  name: string; // as in the header: "Digital Courses"
  label: string; // short name used on cards and filters: "Courses"
  description: string;
  aliases: string[]; // other slugs the spec links to, e.g. "digital-planners"
  artKind: ArtKind;
}

export interface SampleCreator {
  slug: string; // slugified name: "design-studio-pro"
  name: string;
  specialty: string;
  bio: string;
  location: string;
  website: string;
  joinDate: string;
  badges: string[];
  followers: number;
  totalSales: number;
  rating: number; // 0-5, one decimal
  isFeatured: boolean;
}

export interface SampleProduct {
  id: number; // 1-10 are the search page's sample products
  title: string;
  creatorSlug: string;
  categorySlug: string;
  priceCents: number;
  originalPriceCents?: number; // only when discounted (greater than priceCents)
  /** The Commercial and Extended licences' prices, where the creator sells them (the License page). */
  commercialPriceCents?: number;
  extendedPriceCents?: number;
  /** The buyer names the price, at least priceCents; suggestedPriceCents is proposed. */
  payWhatYouWant?: boolean;
  suggestedPriceCents?: number;
  rating: number; // 0-5, one decimal
  reviewCount: number;
  downloads: number;
  isBestseller: boolean;
  format: Format;
  styles: Style[];
  tags: string[];
  description: string;
  features: string[];
  whatYouGet: string[];
  pages?: number;
  prints?: number;
  templates?: number;
  durationMinutes?: number;
  createdAt: string;
  imageCount: number; // how many generated images (1-4) the gallery shows
}
