import fs from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

// A live shop loads none of server/demo/ (docs/decisions/049). The modules a shop's server loads are
// followed from its entry files as Node and the server build would: static imports and re-exports,
// import() of a fixed name, and worker threads (new URL("./x.ts", import.meta.url)); `import type`
// is erased. An import() under `shopMode === "demo"` is taken only in a demo shop. Lint refuses
// each import of server/demo/ by name (biome.json); this follows them all, to the last module.

const root = path.resolve(import.meta.dirname, "..");
const DEMO = "server/demo/";
// server/main.ts starts the shop (server/serve.ts); server/http/app.ts is the entry of the server
// build, which holds the route modules (decision 003).
const ENTRIES = ["server/main.ts", "server/http/app.ts"];

const isTest = (file: string) => /\.test\.tsx?$/.test(file);
const filesUnder = (folder: string): string[] =>
  fs
    .readdirSync(path.join(root, folder), { recursive: true, encoding: "utf8" })
    .map((name) => path.posix.join(folder, name.split(path.sep).join("/")))
    .filter((file) => /\.tsx?$/.test(file) && !isTest(file));

/** The modules a module name stands for; none for a package, a style sheet or another asset. */
function resolve(from: string, name: string): string[] | null {
  if (name.includes("?") || /\.(css|svg|woff2|png|json)$/.test(name)) return null;
  if (name === "virtual:react-router/server-build") {
    return ["app/root.tsx", "app/entry.server.tsx", ...filesUnder("app/routes")];
  }
  const aliases: Record<string, string> = { "@server/": "server/", "@shared/": "shared/", "~/": "app/" };
  const alias = Object.keys(aliases).find((prefix) => name.startsWith(prefix));
  let base: string;
  if (alias) base = aliases[alias] + name.slice(alias.length);
  else if (name.startsWith(".")) base = path.posix.normalize(path.posix.join(path.posix.dirname(from), name));
  else return null;
  const found = [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`].find((file) =>
    fs.statSync(path.join(root, file), { throwIfNoEntry: false })?.isFile(),
  );
  if (!found) throw new Error(`${from}: cannot resolve "${name}"`);
  return [found];
}

interface Imports {
  /** What the module loads whatever the shop's mode. */
  always: string[];
  /** What it loads only in a demo shop. */
  demoOnly: string[];
}

/** Whether `node` is the branch taken when a condition on `shopMode === "demo"` holds. */
function onlyInDemoShop(node: ts.Node): boolean {
  for (let child = node, parent = node.parent; parent; child = parent, parent = parent.parent) {
    const demoTest = (condition: ts.Expression) => /\bshopMode === "demo"/.test(condition.getText());
    if (ts.isConditionalExpression(parent) && child === parent.whenTrue && demoTest(parent.condition)) return true;
    if (ts.isIfStatement(parent) && child === parent.thenStatement && demoTest(parent.expression)) return true;
  }
  return false;
}

const parsed = new Map<string, Imports>();

function importsOf(file: string): Imports {
  const known = parsed.get(file);
  if (known) return known;
  const text = fs.readFileSync(path.join(root, file), "utf8");
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const imports: Imports = { always: [], demoOnly: [] };
  const add = (name: string, node: ts.Node) =>
    (onlyInDemoShop(node) ? imports.demoOnly : imports.always).push(...(resolve(file, name) ?? []));
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) && !node.importClause?.isTypeOnly) {
      add((node.moduleSpecifier as ts.StringLiteral).text, node);
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && !node.isTypeOnly) {
      add((node.moduleSpecifier as ts.StringLiteral).text, node);
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteralLike(node.arguments[0])
    ) {
      add(node.arguments[0].text, node);
    } else if (
      ts.isNewExpression(node) &&
      node.expression.getText() === "URL" &&
      node.arguments?.[0] &&
      ts.isStringLiteralLike(node.arguments[0]) &&
      /\.tsx?$/.test(node.arguments[0].text)
    ) {
      add(node.arguments[0].text, node); // a worker thread's module
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  parsed.set(file, imports);
  return imports;
}

/** Every module the entries load, following what only a demo shop loads too when `demo` is set. */
function modulesLoaded(demo: boolean): Set<string> {
  const loaded = new Set<string>();
  const waiting = [...ENTRIES];
  for (let file = waiting.pop(); file; file = waiting.pop()) {
    if (loaded.has(file)) continue;
    loaded.add(file);
    const { always, demoOnly } = importsOf(file);
    waiting.push(...always, ...(demo ? demoOnly : []));
  }
  return loaded;
}

describe("the modules a shop's server loads", () => {
  const live = modulesLoaded(false);

  it("are followed through the start, the jobs, the HTTP app and the route modules", () => {
    for (const file of [
      "server/serve.ts",
      "server/catalogue/shop-mode.ts",
      "server/jobs/workers.ts",
      "server/search/search-worker.ts",
      "app/lib/shop-frame.server.ts",
      "app/routes/product.tsx",
    ]) {
      expect(live, file).toContain(file);
    }
  });

  it("in a live shop hold nothing of server/demo/", () => {
    expect([...live].filter((file) => file.startsWith(DEMO))).toEqual([]);
  });

  it("in a demo shop hold server/demo/, through server/serve.ts alone", () => {
    const demo = modulesLoaded(true);
    expect(demo).toContain("server/demo/demo-shop.ts");
    expect(demo).toContain("server/demo/catalogue/sample-catalogue.ts");
    const loadingDemo = [...demo].filter(
      (file) => !file.startsWith(DEMO) && importsOf(file).demoOnly.some((loaded) => loaded.startsWith(DEMO)),
    );
    expect(loadingDemo).toEqual(["server/serve.ts"]);
  });
});
