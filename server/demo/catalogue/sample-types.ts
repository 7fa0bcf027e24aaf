// Shapes of the hand-written sample catalogue (server/demo/catalogue/sample-catalogue.ts).
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
