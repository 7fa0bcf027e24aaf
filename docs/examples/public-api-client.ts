// An example client of the Seller API (docs/public-api.md): lists your products and your sales of
// the last 30 days. Node 23.6 or later runs it as it is (fetch is built in, types are stripped; on
// Node 22 add --experimental-strip-types):
//
//   DGM_API_KEY=dgm_live_... DGM_SHOP_URL=https://shop.example node public-api-client.ts
//
// It needs a key with the read scope (Seller Dashboard, API keys). The shop's type-check covers it.

export {}; // a module: it awaits at the top level

interface Page<Item> {
  data: Item[];
  pagination: { page: number; perPage: number; hasMore: boolean };
}

interface Product {
  id: number;
  title: string;
  status: "draft" | "published" | "hidden";
  currency: string;
  priceCents: number;
}

interface Sale {
  orderNumber: string;
  paidAt: string;
  productTitle: string;
  licenseTier: string;
  seats: number;
  currency: string;
  paidCents: number;
  sellerCents: number;
  status: "active" | "refunded";
}

interface ApiErrorBody {
  error: { code: string; message: string; field?: string };
}

class ApiError extends Error {
  readonly status: number;
  readonly body: ApiErrorBody | null;
  constructor(status: number, body: ApiErrorBody | null) {
    super(body ? `${status} ${body.error.code}: ${body.error.message}` : `HTTP ${status}`);
    this.status = status;
    this.body = body;
  }
}

const key = process.env.DGM_API_KEY;
const shop = process.env.DGM_SHOP_URL ?? "http://localhost:3000";
if (!key) {
  console.error("Set DGM_API_KEY to a key from Seller Dashboard → API keys.");
  process.exit(1);
}
const base = new URL("/api/public/v1", shop).href;

/** One request; waits and tries again when the key's rate limit is reached (429, Retry-After). */
async function call<T>(path: string, query: Record<string, string> = {}): Promise<T> {
  const url = new URL(`${base}${path}`);
  for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
  for (;;) {
    const response = await fetch(url, { headers: { authorization: `Bearer ${key}`, accept: "application/json" } });
    if (response.status === 429) {
      const seconds = Number(response.headers.get("retry-after") ?? "5");
      await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
      continue;
    }
    const body: unknown = await response.json().catch(() => null);
    if (!response.ok) throw new ApiError(response.status, body as ApiErrorBody | null);
    return body as T;
  }
}

/** Every item of a list, page after page. */
async function all<Item>(path: string, query: Record<string, string> = {}): Promise<Item[]> {
  const items: Item[] = [];
  for (let page = 1; ; page++) {
    const answer = await call<Page<Item>>(path, { ...query, page: String(page), perPage: "100" });
    items.push(...answer.data);
    if (!answer.pagination.hasMore) return items;
  }
}

const money = (cents: number, currency: string) =>
  new Intl.NumberFormat("en-US", { style: "currency", currency: currency.toUpperCase() }).format(cents / 100);

try {
  const products = await all<Product>("/products");
  console.log(`${products.length} products`);
  for (const product of products) {
    console.log(`  #${product.id} ${product.title} (${product.status}) ${money(product.priceCents, product.currency)}`);
  }

  const from = new Date(Date.now() - 30 * 24 * 3600_000).toISOString();
  const sales = await all<Sale>("/sales", { from });
  const earned = sales.filter((sale) => sale.status === "active").reduce((sum, sale) => sum + sale.sellerCents, 0);
  console.log(`\n${sales.length} sales in the last 30 days; you earned ${money(earned, "usd")}`);
  for (const sale of sales) {
    console.log(
      `  ${sale.paidAt.slice(0, 10)} ${sale.orderNumber} ${sale.productTitle} (${sale.licenseTier}, ${sale.seats} seat${sale.seats === 1 ? "" : "s"}) ${money(sale.paidCents, sale.currency)}${sale.status === "refunded" ? " refunded" : ""}`,
    );
  }
} catch (error) {
  console.error(error instanceof ApiError ? error.message : error);
  process.exit(1);
}
