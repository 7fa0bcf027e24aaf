import { describe, expect, it } from "vitest";
import { shopCategories } from "../catalogue/shop-categories.ts";
import { sampleCreators, sampleProducts } from "../demo/catalogue/sample-catalogue.ts";
import { type IndexedProduct, type IndexedText, SearchIndex } from "./search-index.ts";
import { SUGGESTED_PHRASES } from "./suggestions.ts";

// The matching and ranking rules on the sample catalogue, in memory (index-sync.test.ts and
// product-search.test.ts check the same index fed from PostgreSQL).

const categoryOf = new Map(shopCategories.map((category, i) => [category.slug, { id: i + 1, category }]));
const creatorOf = new Map(sampleCreators.map((creator, i) => [creator.slug, { id: i + 1, creator }]));

function figures(product: (typeof sampleProducts)[number], changes: Partial<IndexedProduct> = {}): IndexedProduct {
  return {
    productId: product.id,
    categoryId: categoryOf.get(product.categorySlug)!.id,
    creatorId: creatorOf.get(product.creatorSlug)!.id,
    priceCents: product.priceCents,
    originalPriceCents: product.originalPriceCents ?? null,
    downloads: product.downloads,
    rating: product.rating,
    reviewCount: product.reviewCount,
    isBestseller: product.isBestseller,
    publishedAt: Date.parse(product.createdAt),
    trendingScore: 0,
    format: product.format,
    styles: product.styles,
    ...changes,
  };
}

function text(product: (typeof sampleProducts)[number]): IndexedText {
  const { category } = categoryOf.get(product.categorySlug)!;
  return {
    title: product.title,
    tags: product.tags.join("\n"),
    creatorName: creatorOf.get(product.creatorSlug)!.creator.name,
    categoryName: `${category.name} ${category.label}`,
    description: product.description,
  };
}

function sampleIndex() {
  const index = new SearchIndex();
  for (const product of sampleProducts) index.put(figures(product), text(product));
  return index;
}

const index = sampleIndex();
const titleOf = new Map(sampleProducts.map((product) => [product.id, product.title]));
const titles = (query: string, more: Parameters<SearchIndex["search"]>[0] = {}) =>
  index.search({ text: query, limit: 100, ...more }).productIds.map((id) => titleOf.get(id)!);

/** What search matches: a case-insensitive substring of the title, creator, category or any tag. */
function specMatches(product: (typeof sampleProducts)[number], query: string) {
  const q = query.trim().toLowerCase();
  const { category } = categoryOf.get(product.categorySlug)!;
  const creator = creatorOf.get(product.creatorSlug)!.creator;
  return [product.title, creator.name, category.name, category.label, ...product.tags].some((field) =>
    field.toLowerCase().includes(q),
  );
}

describe("matching", () => {
  it("finds every word in any order and in any field, for the shop's own suggestions and the queries shoppers typed", () => {
    const wanted: Record<string, string> = {
      "social media templates": "Social Media Template Pack",
      "instagram templates": "Instagram Story Templates Bundle",
      "minimalist wall art": "Minimalist Typography Quote Prints Set of 6",
      "online course": "Digital Marketing Course",
      "printable calendar": "Content Calendar Playbook for Creators",
      "resume template": "Minimalist Resume and Cover Letter Kit",
      "wall art prints": "Abstract Wall Art Collection",
      "botanical prints": "Vintage Botanical Recipe Cards",
      "minimalist planner": "2026 Minimalist Weekly Planner",
      "boho wedding": "Boho Digital Wedding Planner",
      "kids printable": "Printable Kids Activity Book",
      "planner digital": "Digital Planner Bundle",
    };
    for (const [query, title] of Object.entries(wanted)) expect(titles(query), query).toContain(title);
    for (const phrase of SUGGESTED_PHRASES) expect(titles(phrase).length, phrase).toBeGreaterThan(0);
  });

  it("still finds everything the storefront's substring rule finds", () => {
    for (const query of [
      "PLANNER",
      "wall art",
      "studio",
      "Courses",
      "minimal",
      "budget",
      "ann",
      "  Boho  ",
      "e-book",
    ]) {
      const found = new Set(index.search({ text: query, limit: 1000 }).productIds);
      const spec = sampleProducts.filter((product) => specMatches(product, query)).map((product) => product.id);
      expect(
        spec.filter((id) => !found.has(id)),
        query,
      ).toEqual([]);
    }
  });

  it("finds the storefront's matches for a letter inside most words, without a removed product, and the same again", () => {
    const changing = sampleIndex();
    const removed = sampleProducts.find((product) => specMatches(product, "a"))!;
    changing.remove(removed.id);
    const found = (query: string) => changing.search({ text: query, limit: 1000, now: 1 }).productIds;
    const first = found("a");
    for (const query of ["a", "e", "o"]) {
      const ids = new Set(found(query));
      const spec = sampleProducts.filter((p) => p.id !== removed.id && specMatches(p, query)).map((p) => p.id);
      expect(
        spec.filter((id) => !ids.has(id)),
        query,
      ).toEqual([]);
      expect(ids.has(removed.id), query).toBe(false);
    }
    expect(changing.search({ text: "a", limit: 1000, now: 2 }).productIds).toEqual(first);
  });

  it("needs every word: a word no product has leaves nothing", () => {
    expect(titles("planner zzqxv")).toEqual([]);
  });

  it("matches plurals and other forms of a word", () => {
    expect(titles("teachers")).toContain("Teacher Lesson Planner 2026-2027");
    expect(titles("invoices")).toContain("Small Business Invoice and Proposal Templates");
    expect(titles("weddings")).toContain("Boho Digital Wedding Planner");
  });

  it("takes the last word as the beginning of a word while typing, in every field", () => {
    expect(titles("boho weddi")).toContain("Boho Digital Wedding Planner");
    const typing = new SearchIndex();
    const product = sampleProducts[0]!;
    typing.put(figures(product), { ...text(product), description: "Printed on thick paper." });
    expect(typing.search({ text: "thic" }).productIds).toEqual([product.id]);
    expect(typing.search({ text: "thic paper" }).productIds).toEqual([]);
  });

  it("forgives one typo from 5 letters and two from 9, none in shorter words", () => {
    expect(titles("weding planer")).toContain("Boho Digital Wedding Planner");
    expect(titles("minimalst")).toContain("2026 Minimalist Weekly Planner");
    expect(titles("minnimallist")).toContain("2026 Minimalist Weekly Planner"); // two edits, 12 letters
    expect(titles("bohi")).toEqual([]); // 4 letters: exact only
    expect(titles("wdding planer")).toContain("Boho Digital Wedding Planner");
    expect(titles("wdeding")).toContain("Boho Digital Wedding Planner"); // a swap is one edit
  });

  it("covers British and American spellings within the typo budget", () => {
    const spellings = new SearchIndex();
    const [first, second, third] = sampleProducts;
    const only = (title: string) => ({ title, tags: "", creatorName: "", categoryName: "", description: "" });
    spellings.put(figures(first!), only("Colour Palette Organiser"));
    spellings.put(figures(second!), only("Color Swatch Organizer"));
    spellings.put(figures(third!), only("Catalogue Centre"));
    const ids = (query: string) => spellings.search({ text: query }).productIds.sort();
    expect(ids("color")).toEqual([first!.id, second!.id].sort());
    expect(ids("colour")).toEqual([first!.id, second!.id].sort());
    expect(ids("organizer")).toEqual([first!.id, second!.id].sort());
    expect(ids("catalog center")).toEqual([third!.id]);
  });

  it("applies synonyms", () => {
    const withSynonyms = sampleIndex();
    expect(withSynonyms.search({ text: "curriculum", limit: 10 }).total).toBe(0);
    withSynonyms.setSynonyms([["curriculum", "resume"]]);
    expect(withSynonyms.search({ text: "curriculum", limit: 10 }).total).toBeGreaterThan(0);
  });
});

describe("ranking", () => {
  it("puts a title match above a tag, category, creator or description match", () => {
    const found = index.search({ text: "planner", limit: 100 }).productIds;
    const inTitle = (id: number) => titleOf.get(id)!.toLowerCase().includes("planner");
    const firstOther = found.findIndex((id) => !inTitle(id));
    expect(firstOther).toBeGreaterThan(0);
    expect(found.slice(firstOther).some(inTitle)).toBe(false);
  });

  it("ranks the words together and in order above the same words apart", () => {
    const found = titles("wedding planner");
    expect(found[0]).toBe("Boho Digital Wedding Planner");
  });

  it("breaks ties by rating, then sales", () => {
    const found = index.search({ text: "planner", limit: 100 }).productIds;
    const inTitle = found.filter((id) => titleOf.get(id)!.toLowerCase().split(/\W+/).includes("planner"));
    const ratings = inTitle.map((id) => sampleProducts.find((p) => p.id === id)!.rating);
    expect(ratings).toEqual([...ratings].sort((a, b) => b - a));
  });
});

describe("filters, facets and sorts", () => {
  it("counts each facet under the other filters, with the total", () => {
    const planners = categoryOf.get("planners")!.id;
    const answer = index.search({ text: "planner", formats: ["PDF"], categoryIds: [planners], facets: true });
    const all = sampleProducts.filter((p) => titles("planner").includes(p.title));
    expect(answer.total).toBe(all.filter((p) => p.format === "PDF" && p.categorySlug === "planners").length);
    expect(answer.facets!.formats.PDF).toBe(answer.total);
    expect(answer.facets!.categories[planners]).toBe(answer.total);
    const pngs = all.filter((p) => p.format === "PNG" && p.categorySlug === "planners").length;
    expect(answer.facets!.formats.PNG ?? 0).toBe(pngs);
  });

  it("sorts the same matches by price", () => {
    const prices = index
      .search({ text: "planner", sort: "price-low", limit: 100 })
      .productIds.map((id) => sampleProducts.find((p) => p.id === id)!.priceCents);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    expect(prices.length).toBe(index.search({ text: "planner" }).total);
  });
});

describe("totals, facets and filters on a generated catalogue", () => {
  // Words far apart (no shared stem, beginning, inside or typo), so a product matches a word exactly
  // when its title has it, and the counts can be worked out one product at a time.
  const WORDS = ["quartz", "velvet", "mango", "tundra", "pixel", "harbor", "saffron", "cobalt"];
  const FORMATS = ["PDF", "PNG", "SVG", "Video"];
  const STYLES = ["Boho", "Minimalist", "Modern", "Vintage", "Colorful", "Dark"];
  const NOW = Date.parse("2026-06-01T00:00:00Z");
  let seed = 7;
  const random = () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    return seed / 2_147_483_648;
  };
  const pick = <T>(values: readonly T[], n: number) => values.filter(() => random() < n / values.length);
  const products = Array.from({ length: 1_500 }, (_, i) => {
    const priceCents = 100 + Math.floor(random() * 4_000);
    return {
      figures: {
        productId: i + 1,
        categoryId: 1 + Math.floor(random() * 5),
        creatorId: 1 + Math.floor(random() * 3),
        priceCents,
        originalPriceCents: random() < 0.3 ? priceCents + 500 : random() < 0.1 ? priceCents : null,
        downloads: Math.floor(random() * 1_000),
        rating: Math.round(random() * 50) / 10,
        reviewCount: Math.floor(random() * 100),
        isBestseller: random() < 0.2,
        publishedAt: NOW - Math.floor(random() * 60) * 86_400_000,
        trendingScore: random() < 0.25 ? random() : 0,
        format: FORMATS[Math.floor(random() * FORMATS.length)]!,
        styles: pick(STYLES, 1.5),
      } satisfies IndexedProduct,
      words: pick(WORDS, 3),
    };
  });
  const generated = new SearchIndex();
  for (const { figures, words } of products) {
    generated.put(figures, { title: words.join(" "), tags: "", creatorName: "", categoryName: "", description: "" });
  }

  type Search = Parameters<SearchIndex["search"]>[0];
  /** The search's answer worked out product by product. */
  function expected(search: Search) {
    const words = (search.text ?? "").split(" ").filter(Boolean);
    const inBase = products.filter(({ figures: p, words: has }) => {
      if (!words.every((word) => has.includes(word))) return false;
      if (search.categoryScope !== undefined && p.categoryId !== search.categoryScope) return false;
      if (search.creatorId !== undefined && p.creatorId !== search.creatorId) return false;
      if (search.minPriceCents !== undefined && p.priceCents < search.minPriceCents) return false;
      if (search.maxPriceCents !== undefined && p.priceCents > search.maxPriceCents) return false;
      if (search.trending && !(p.trendingScore > 0)) return false;
      if (search.tab === "bestsellers" && !p.isBestseller) return false;
      if (search.tab === "sale" && !(p.originalPriceCents !== null && p.originalPriceCents > p.priceCents))
        return false;
      if (search.tab === "new" && !(p.publishedAt > NOW - 30 * 86_400_000)) return false;
      return true;
    });
    const inCategory = (p: IndexedProduct) => !search.categoryIds?.length || search.categoryIds.includes(p.categoryId);
    const inFormat = (p: IndexedProduct) => !search.formats?.length || search.formats.includes(p.format);
    const inStyle = (p: IndexedProduct) => !search.styles?.length || p.styles.some((s) => search.styles!.includes(s));
    const count = (keys: (p: IndexedProduct) => (string | number)[], keep: (p: IndexedProduct) => boolean) => {
      const counts: Record<string, number> = {};
      for (const { figures: p } of inBase)
        if (keep(p)) for (const key of keys(p)) counts[String(key)] = (counts[String(key)] ?? 0) + 1;
      return counts;
    };
    const found = inBase.filter(({ figures: p }) => inCategory(p) && inFormat(p) && inStyle(p));
    return {
      ids: found.map(({ figures: p }) => p.productId).sort((a, b) => a - b),
      facets: {
        categories: count(
          (p) => [p.categoryId],
          (p) => inFormat(p) && inStyle(p),
        ),
        formats: count(
          (p) => [p.format],
          (p) => inCategory(p) && inStyle(p),
        ),
        styles: count(
          (p) => [...p.styles],
          (p) => inCategory(p) && inFormat(p),
        ),
      },
    };
  }

  it("match counting the products one by one, for every kind of filter and words", () => {
    const searches: Search[] = [];
    for (let i = 0; i < 300; i++) {
      searches.push({
        text: pick(WORDS, random() * 3).join(" "),
        categoryIds: pick([1, 2, 3, 4, 5], random() * 2),
        formats: pick(FORMATS, random() * 1.5),
        styles: pick(STYLES, random() * 2),
        categoryScope: random() < 0.15 ? 2 : undefined,
        creatorId: random() < 0.15 ? 3 : undefined,
        minPriceCents: random() < 0.2 ? 1_000 : undefined,
        maxPriceCents: random() < 0.2 ? 3_000 : undefined,
        trending: random() < 0.15,
        tab: (["all", "bestsellers", "sale", "new"] as const)[Math.floor(random() * 4)],
      });
    }
    for (const search of searches) {
      const answer = generated.search({ ...search, now: NOW, facets: true, limit: 2_000 });
      const want = expected(search);
      const label = JSON.stringify(search);
      expect(answer.total, label).toBe(want.ids.length);
      expect(
        [...answer.productIds].sort((a, b) => a - b),
        label,
      ).toEqual(want.ids);
      expect(answer.facets!.categories, label).toEqual(want.facets.categories);
      expect(answer.facets!.formats, label).toEqual(want.facets.formats);
      expect(answer.facets!.styles, label).toEqual(want.facets.styles);
    }
  });
});

describe("keeping up", () => {
  it("finds a product by its new title, no longer by its old one, and not once it is removed", () => {
    const changing = sampleIndex();
    const product = sampleProducts[0]!;
    const before = changing.search({ text: product.title }).productIds;
    expect(before).toContain(product.id);
    changing.put(figures(product), {
      title: "Quokka Journal",
      tags: "quokka",
      creatorName: "",
      categoryName: "",
      description: "",
    });
    expect(changing.search({ text: "quokka" }).productIds).toEqual([product.id]);
    expect(changing.search({ text: product.title }).productIds).not.toContain(product.id);
    changing.put(figures(product, { priceCents: 123 }));
    expect(changing.search({ text: "quokka", maxPriceCents: 123 }).productIds).toEqual([product.id]);
    changing.remove(product.id);
    expect(changing.search({ text: "quokka" }).total).toBe(0);
    changing.compact();
    expect(changing.documents).toBe(sampleProducts.length - 1);
    expect(changing.search({ text: "planner" }).total).toBe(index.search({ text: "planner" }).total - 1);
  });
});

describe("the header's live results", () => {
  it("are the first of the full search, word by word as it is typed, and after products change", () => {
    const typing = sampleIndex();
    const check = () => {
      for (const typed of [
        "pl",
        "pla",
        "plan",
        "plann",
        "we",
        "wedd",
        "in",
        "inv",
        "mi",
        "art",
        "bo",
        "tea",
        "es",
        "a",
      ]) {
        for (const limit of [1, 5, 10]) {
          const quick = typing.search({ text: typed, namesOnly: true, pageOnly: true, limit });
          const full = typing.search({ text: typed, namesOnly: true, limit });
          expect(quick.productIds, `${typed} ${limit}`).toEqual(full.productIds);
        }
      }
    };
    check();
    for (const product of sampleProducts.slice(0, 20)) {
      typing.put(figures(product, { downloads: 100_000 - product.downloads, rating: 5 - product.rating }));
    }
    typing.remove(sampleProducts[21]!.id);
    check();
  });
});

describe("remembered answers", () => {
  it("serve the same search again until anything in the index changes", () => {
    const remembering = sampleIndex();
    const first = remembering.search({ text: "planner", facets: true });
    expect(remembering.search({ text: "planner", facets: true })).toBe(first);
    const product = sampleProducts.find((p) => first.productIds.includes(p.id))!;
    remembering.put(figures(product, { downloads: 10_000_000, rating: 5 }));
    const after = remembering.search({ text: "planner", facets: true });
    expect(after).not.toBe(first);
    expect(after.productIds[0]).toBe(product.id);
  });
});

describe("a bulk load", () => {
  it("gives the same index as products put one by one", () => {
    const bulk = new SearchIndex();
    bulk.beginBulk();
    for (const product of sampleProducts) bulk.put(figures(product), text(product));
    bulk.endBulk();
    for (const query of ["planner", "wedding planer", "art", "teachers", "plann", "", "boho digital"]) {
      for (const sort of ["relevance", "price-low", "newest"] as const) {
        expect(bulk.search({ text: query, sort, facets: true, limit: 100 }), `${query} ${sort}`).toEqual(
          index.search({ text: query, sort, facets: true, limit: 100 }),
        );
      }
    }
    // Then a product changes: a word only descriptions had (an empty list of names) comes into a title.
    const names = sampleProducts.map((p) =>
      [p.title, ...p.tags, p.creatorSlug, p.categorySlug].join(" ").toLowerCase(),
    );
    const describedOnly = sampleProducts
      .flatMap((p) => p.description.toLowerCase().split(/[^a-z]+/))
      .find((word) => word.length > 6 && names.every((text) => !text.includes(word)))!;
    const product = sampleProducts[0]!;
    bulk.put(figures(product), { ...text(product), title: `Quokka ${describedOnly} Journal` });
    expect(bulk.search({ text: "quokka" }).productIds).toEqual([product.id]);
    expect(bulk.search({ text: `quokka ${describedOnly}` }).productIds).toEqual([product.id]);
  });
});

describe("did you mean", () => {
  it("offers the catalogue's closest words for a query that finds nothing", () => {
    expect(index.didYouMean("spaceship planner")).toBe("planner");
    expect(index.didYouMean("botanicall prrints")).toBe("botanical prints");
    expect(index.didYouMean("zzqxvw")).toBeNull();
  });
});

describe("a text no product matches whole", () => {
  const someWords = (query: string, more: Parameters<SearchIndex["search"]>[0] = {}) =>
    index.search({ text: query, limit: 100, fallBackToSomeWords: true, ...more });
  const wordsOf = (id: number, words: string[]) => {
    const product = sampleProducts.find((p) => p.id === id)!;
    const names = [product.title, ...product.tags, product.description].join(" ").toLowerCase();
    return words.filter((word) => names.includes(word)).length;
  };

  it("finds the products that match some words, those with the most words first, and says so", () => {
    expect(index.search({ text: "boho wedding spaceship" }).total).toBe(0);
    const answer = someWords("boho wedding spaceship");
    expect(answer.someWordsOnly).toBe(true);
    expect(answer.total).toBeGreaterThan(1);
    expect(answer.total).toBe(answer.productIds.length);
    // The product with both words comes first; then those with one.
    expect(titleOf.get(answer.productIds[0]!)).toBe("Boho Digital Wedding Planner");
    const counts = answer.productIds.map((id) => wordsOf(id, ["boho", "wedding"]));
    expect(counts[0]).toBe(2);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    expect(counts.at(-1)).toBe(1);
  });

  it("puts the products with the most words first under any sort, then in that sort's order", () => {
    const answer = someWords("boho wedding spaceship", { sort: "price-low" });
    expect(titleOf.get(answer.productIds[0]!)).toBe("Boho Digital Wedding Planner");
    const priceOf = new Map(sampleProducts.map((p) => [p.id, p.priceCents]));
    const rest = answer.productIds.slice(1).map((id) => priceOf.get(id)!);
    expect(rest).toEqual([...rest].sort((a, b) => a - b));
  });

  it("counts the facets of the products it shows, adding up to the total", () => {
    const answer = someWords("minimalist spaceship", { facets: true });
    expect(answer.total).toBeGreaterThan(0);
    const categories = Object.values(answer.facets!.categories).reduce((sum, n) => sum + n, 0);
    expect(categories).toBe(answer.total);
  });

  it("keeps the whole-text answer when a product matches every word, and asks for nothing unasked", () => {
    expect(someWords("boho wedding").someWordsOnly).toBeUndefined();
    expect(index.search({ text: "boho wedding spaceship", limit: 100 }).productIds).toEqual([]);
    expect(someWords("spaceship quokka")).toMatchObject({ total: 0, productIds: [] });
    expect(someWords("spaceship").total).toBe(0);
  });
});
