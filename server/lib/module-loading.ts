import fs from "node:fs";
import module from "node:module";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

// Loading the server's modules was most of a start (docs/decisions/022-cold-start.md). Two remedies,
// for the process and for each worker thread, before they import anything large:
// - Node's compile cache: the V8 code of each module, and the JavaScript of each TypeScript file,
//   kept on disk (by default under the system's temporary directory; NODE_COMPILE_CACHE names
//   another) and used again while the file's contents are the same.
// - A shorter way to an ES module's neighbours. For every file it resolves, Node 24 reads the
//   package.json of the file's package again and parses its whole "exports" map: drizzle-orm's is
//   180 KB, and its 450 files took 0.4 s of a start that way. A relative import inside a package
//   whose package.json says "type": "module" can only name an ES module, found by joining paths.

interface ResolvedModule {
  url: string;
  format: "module";
}

/**
 * An import of `specifier` from `parentUrl` that needs no help from Node's resolver: a relative
 * `.js` or `.mjs` path from a file inside node_modules, to a file that exists and is an ES module
 * (a `.mjs` file, or a `.js` file under a package.json of "type": "module"). Anything else is
 * undefined, for Node to resolve.
 */
export function esModuleNeighbour(
  specifier: string,
  parentUrl: string | undefined,
  packageTypeOf: (dir: string) => string | undefined = nearestPackageType,
): ResolvedModule | undefined {
  if (!parentUrl?.startsWith("file:") || !parentUrl.includes("/node_modules/")) return undefined;
  if (!(specifier.startsWith("./") || specifier.startsWith("../"))) return undefined;
  if (!(specifier.endsWith(".js") || specifier.endsWith(".mjs"))) return undefined;
  const file = fileURLToPath(new URL(specifier, parentUrl));
  if (file.endsWith(".js") && packageTypeOf(path.dirname(file)) !== "module") return undefined;
  let real: string;
  try {
    // Node names a module by its real path: the same file reached through a link is one module.
    real = fs.realpathSync(file);
  } catch {
    return undefined; // missing: Node says so in its own words
  }
  if (!fs.statSync(real).isFile()) return undefined;
  return { url: pathToFileURL(real).href, format: "module" };
}

const packageTypes = new Map<string, string | undefined>();

/**
 * The "type" of the package.json nearest above `dir` ("commonjs" when it has none), as Node reads it
 * to tell an ES module from a CommonJS one; undefined when there is none or it cannot be read.
 */
export function nearestPackageType(dir: string): string | undefined {
  if (packageTypes.has(dir)) return packageTypes.get(dir);
  let type: string | undefined;
  const file = path.join(dir, "package.json");
  if (fs.existsSync(file)) {
    try {
      const parsed = JSON.parse(fs.readFileSync(file, "utf8")) as { type?: unknown };
      type = typeof parsed.type === "string" ? parsed.type : "commonjs";
    } catch {
      type = undefined;
    }
  } else {
    const parent = path.dirname(dir);
    type = parent === dir ? undefined : nearestPackageType(parent);
  }
  packageTypes.set(dir, type);
  return type;
}

let sped = false;

/** Turns on the compile cache and the shorter resolution in this thread (once). */
export function speedUpModuleLoading(): void {
  if (sped) return;
  sped = true;
  module.enableCompileCache?.();
  module.registerHooks({
    resolve(specifier, context, nextResolve) {
      const neighbour = esModuleNeighbour(specifier, context.parentURL);
      return neighbour ? { ...neighbour, shortCircuit: true } : nextResolve(specifier, context);
    },
  });
}

/** Writes the compile cache gathered so far, so that a server killed later still leaves it. */
export function saveCompileCache(): void {
  module.flushCompileCache?.();
}
