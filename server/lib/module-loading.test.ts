import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { esModuleNeighbour, nearestPackageType } from "./module-loading.ts";

const run = promisify(execFile);
const moduleLoading = fileURLToPath(new URL("./module-loading.ts", import.meta.url));

// A node_modules of a few packages: an ES module package (with a CommonJS corner of its own), a
// CommonJS package, and a link to the first, as a workspace or `npm link` makes.
let root: string;
const write = (file: string, text: string) => {
  fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  fs.writeFileSync(path.join(root, file), text);
};
const url = (file: string) => pathToFileURL(path.join(root, file)).href;

beforeAll(() => {
  root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), "module-loading-")));
  write(
    "node_modules/esm-pkg/package.json",
    JSON.stringify({ name: "esm-pkg", type: "module", exports: { ".": "./index.js", "./lib/*": "./lib/*" } }),
  );
  write("node_modules/esm-pkg/index.js", 'export { a } from "./lib/a.js";\nexport { b } from "./lib/b.mjs";\n');
  write("node_modules/esm-pkg/lib/a.js", 'import c from "../cjs/c.js";\nexport const a = "a+" + c;\n');
  write("node_modules/esm-pkg/lib/b.mjs", "export const b = 'b';\n");
  write("node_modules/esm-pkg/lib/folder.js/README", "a directory whose name ends in .js\n");
  write("node_modules/esm-pkg/cjs/package.json", JSON.stringify({ type: "commonjs" }));
  write("node_modules/esm-pkg/cjs/c.js", "module.exports = 'c';\n");
  write("node_modules/cjs-pkg/package.json", JSON.stringify({ name: "cjs-pkg" }));
  write("node_modules/cjs-pkg/index.js", "module.exports = require('./other.js');\n");
  write("node_modules/cjs-pkg/other.js", "module.exports = 'other';\n");
  fs.symlinkSync(path.join(root, "node_modules/esm-pkg"), path.join(root, "node_modules/linked-pkg"));
  write("package.json", JSON.stringify({ type: "module" }));
  write("app.js", 'export { a } from "./node_modules/esm-pkg/lib/a.js";\n');
});
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

describe("the shorter way to an ES module's neighbours", () => {
  it("joins a relative .js or .mjs import inside an ES module package, as Node would resolve it", () => {
    expect(esModuleNeighbour("./lib/a.js", url("node_modules/esm-pkg/index.js"))).toEqual({
      url: url("node_modules/esm-pkg/lib/a.js"),
      format: "module",
    });
    expect(esModuleNeighbour("./b.mjs", url("node_modules/esm-pkg/lib/a.js"))?.url).toBe(
      url("node_modules/esm-pkg/lib/b.mjs"),
    );
  });

  it("names a file reached through a link by its real path (one module, not two)", () => {
    expect(esModuleNeighbour("./lib/a.js", url("node_modules/linked-pkg/index.js"))?.url).toBe(
      url("node_modules/esm-pkg/lib/a.js"),
    );
  });

  it("leaves everything else to Node", () => {
    const from = url("node_modules/esm-pkg/lib/a.js");
    expect(esModuleNeighbour("../cjs/c.js", from)).toBeUndefined(); // a CommonJS scope inside the package
    expect(esModuleNeighbour("./other.js", url("node_modules/cjs-pkg/index.js"))).toBeUndefined();
    expect(esModuleNeighbour("esm-pkg", from)).toBeUndefined(); // a package's name: its exports decide
    expect(esModuleNeighbour("#internal.js", from)).toBeUndefined();
    expect(esModuleNeighbour("./missing.js", from)).toBeUndefined();
    expect(esModuleNeighbour("./folder.js", from)).toBeUndefined();
    expect(esModuleNeighbour("./b", from)).toBeUndefined(); // no extension: Node's error
    expect(esModuleNeighbour("./data.json", from)).toBeUndefined();
    // The shop's own files, outside node_modules.
    expect(esModuleNeighbour("./node_modules/esm-pkg/lib/a.js", url("app.js"))).toBeUndefined();
    expect(esModuleNeighbour("./lib/a.js", undefined)).toBeUndefined();
  });

  it("reads a package's type from the package.json nearest above", () => {
    expect(nearestPackageType(path.join(root, "node_modules/esm-pkg/lib"))).toBe("module");
    expect(nearestPackageType(path.join(root, "node_modules/esm-pkg/cjs"))).toBe("commonjs");
    expect(nearestPackageType(path.join(root, "node_modules/cjs-pkg"))).toBe("commonjs");
  });

  it("loads ES modules, CommonJS neighbours and a package's exports alike, the compile cache on", async () => {
    const script = `
      import module from "node:module";
      import { speedUpModuleLoading } from ${JSON.stringify(pathToFileURL(moduleLoading).href)};
      speedUpModuleLoading();
      const pkg = await import(${JSON.stringify(url("node_modules/esm-pkg/index.js"))});
      const linked = await import(${JSON.stringify(url("node_modules/linked-pkg/lib/a.js"))});
      const viaExports = await import(import.meta.resolve("esm-pkg/lib/a.js"));
      const { default: other } = await import(${JSON.stringify(url("node_modules/cjs-pkg/index.js"))});
      console.log(JSON.stringify({
        a: pkg.a, b: pkg.b, other,
        oneModule: linked.a === pkg.a && Object.is(await import(${JSON.stringify(url("node_modules/esm-pkg/lib/a.js"))}), viaExports),
        compileCache: module.getCompileCacheDir()?.startsWith(${JSON.stringify(root)}),
      }));`;
    const { stdout } = await run(process.execPath, ["--input-type=module", "-e", script], {
      cwd: root,
      // The cache in the system's temporary directory, here the test's own.
      env: { ...process.env, NODE_COMPILE_CACHE: undefined, TMPDIR: root },
    });
    expect(JSON.parse(stdout)).toEqual({ a: "a+c", b: "b", other: "other", oneModule: true, compileCache: true });
  });
});
