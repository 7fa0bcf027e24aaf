import { execFile } from "node:child_process";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

// The import boundaries of docs/ARCHITECTURE.md, and no form in server/, as `npm run lint` enforces
// them: fixtures that cross a boundary, and fixtures that do not, linted with the project's own biome.json.

const root = path.resolve(import.meta.dirname, "..");
const biome = path.join(root, "node_modules", ".bin", "biome");

const FIXTURES: Record<string, string> = {
  // Crossings.
  "server/orders/imports-app.ts": `import { cn } from "../../app/lib/utils.ts";\nexport const joined = cn("a");\n`,
  "server/orders/imports-app-type.ts": `import type { Route } from "../../app/routes/+types/home.ts";\nexport type Args = Route.LoaderArgs;\n`,
  "server/orders/imports-app-alias.ts": `import { cn } from "~/lib/utils";\nexport const joined = cn("a");\n`,
  "shared/imports-server.ts": `import { orders } from "../server/db/schema.ts";\nexport const table = orders;\n`,
  "shared/imports-app.ts": `import { cn } from "../app/lib/utils.ts";\nexport const joined = cn("a");\n`,
  "shared/imports-server-library.ts": `import { eq } from "drizzle-orm";\nexport const same = eq;\n`,
  "app/components/imports-server.tsx": `import { orderTotals } from "@server/orders/money.ts";\nexport const totals = orderTotals;\n`,
  "app/lib/imports-server.ts": `import { orderTotals } from "../../server/orders/money.ts";\nexport const totals = orderTotals;\n`,
  "server/catalogue/imports-demo.ts": `import { sampleProducts } from "../demo/catalogue/sample-catalogue.ts";\nexport const sample = sampleProducts;\n`,
  "server/jobs/loads-demo.ts": `export const load = () => import("../demo/demo-shop.ts");\n`,
  "app/lib/imports-demo.server.ts": `import { DEMO_ACCOUNTS } from "@server/demo/accounts/demo-accounts.ts";\nexport const accounts = DEMO_ACCOUNTS;\n`,
  "server/orders/takes-form-data.ts": `export const fieldOf = (form: FormData) => form.get("intent");\n`,
  // Allowed.
  "server/orders/imports-shared.ts": `import { formatPrice } from "../../shared/format.ts";\nexport const price = formatPrice(100);\n`,
  "app/components/imports-server-type.tsx": `import type { Cart } from "@server/cart/cart.ts";\nexport type Shown = Cart;\n`,
  "app/components/imports-shared.tsx": `import { formatPrice } from "@shared/format.ts";\nexport const price = formatPrice(100);\n`,
  "app/lib/reads-database.server.ts": `import { orderTotals } from "@server/orders/money.ts";\nexport const totals = orderTotals;\n`,
  "server/serve.ts": `export const demo = process.env.SHOP_MODE === "demo" ? await import("./demo/demo-shop.ts") : undefined;\n`,
  "server/demo/catalogue/imports-domain.ts": `import { shopCategories } from "../../catalogue/shop-categories.ts";\nexport const categories = shopCategories;\n`,
  "server/catalogue/uses-demo-data.test.ts": `import { sampleProducts } from "../demo/catalogue/sample-catalogue.ts";\nexport const sample = sampleProducts;\n`,
  "app/lib/reads-form.server.ts": `export const fieldOf = (form: FormData) => form.get("intent");\n`,
};

interface Diagnostic {
  category: string;
  location: { path: string };
}

let diagnostics: Diagnostic[];

beforeAll(async () => {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), "import-boundaries-"));
  await fs.copyFile(path.join(root, "biome.json"), path.join(dir, "biome.json"));
  await fs.cp(path.join(root, "lint"), path.join(dir, "lint"), { recursive: true });
  for (const [file, text] of Object.entries(FIXTURES)) {
    await fs.mkdir(path.dirname(path.join(dir, file)), { recursive: true });
    await fs.writeFile(path.join(dir, file), text);
  }
  // Biome exits 1 when it finds errors: the report is what counts.
  const { stdout } = await promisify(execFile)(biome, ["lint", "--reporter=json", "--max-diagnostics=100", "."], {
    cwd: dir,
  }).catch((failed: { stdout: string }) => failed);
  diagnostics = (JSON.parse(stdout) as { diagnostics: Diagnostic[] }).diagnostics;
  afterAll(() => fs.rm(dir, { recursive: true, force: true }));
});

const problemsOf = (file: string) =>
  diagnostics.filter((diagnostic) => diagnostic.location.path === file).map((diagnostic) => diagnostic.category);

describe("import boundaries", () => {
  it.each([
    "server/orders/imports-app.ts",
    "server/orders/imports-app-type.ts",
    "server/orders/imports-app-alias.ts",
    "shared/imports-server.ts",
    "shared/imports-app.ts",
    "shared/imports-server-library.ts",
    "server/catalogue/imports-demo.ts",
    "server/jobs/loads-demo.ts",
    "app/lib/imports-demo.server.ts",
  ])("refuse %s", (file) => {
    expect(problemsOf(file)).toEqual(["lint/style/noRestrictedImports"]);
  });

  it.each(["app/components/imports-server.tsx", "app/lib/imports-server.ts"])(
    "refuse browser code importing server/ at run time: %s",
    (file) => {
      expect(problemsOf(file)).toEqual(["plugin"]);
    },
  );

  it("refuse a form in server/: the route reads it, server/ takes plain values", () => {
    expect(problemsOf("server/orders/takes-form-data.ts")).toEqual(["lint/style/noRestrictedGlobals"]);
  });

  it.each([
    "server/orders/imports-shared.ts",
    "app/components/imports-server-type.tsx",
    "app/components/imports-shared.tsx",
    "app/lib/reads-database.server.ts",
    "server/serve.ts",
    "server/demo/catalogue/imports-domain.ts",
    "server/catalogue/uses-demo-data.test.ts",
    "app/lib/reads-form.server.ts",
  ])("allow %s", (file) => {
    expect(problemsOf(file)).toEqual([]);
  });
});
