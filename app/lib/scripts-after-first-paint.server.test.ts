import { Readable } from "node:stream";
import { text } from "node:stream/consumers";
import { describe, expect, it } from "vitest";
import {
  compactManifest,
  INERT_TYPE,
  ScriptsAfterFirstPaint,
  startAfterFirstPaint,
} from "./scripts-after-first-paint.server";

// What React Router's <Scripts> writes (React hoists the links into the head), around a page.
const MANIFEST = { entry: { module: "/assets/entry.client-B.js", imports: ["/assets/framework-C.js"] } };
const boot = (manifest: string) =>
  `import * as route0 from "/assets/root-A.js";\n  window.__reactRouterManifest = ${manifest};\n  window.__reactRouterRouteModules = {"root":route0};\n\nimport("/assets/entry.client-B.js");`;
const BOOT = boot(JSON.stringify(MANIFEST, null, 2));
/** The module script as the browser gets it: the route manifest without indents. */
const COMPACT_BOOT = boot(JSON.stringify(MANIFEST));
const page = (nonce = "") =>
  `<!DOCTYPE html><html lang="en"><head><meta charSet="utf-8"/>` +
  `<link rel="modulepreload" href="/assets/entry.client-B.js"${nonce}/>` +
  `<link rel="modulepreload" href="/assets/framework-C.js"${nonce}/>` +
  `<link rel="stylesheet" href="/assets/root.css"/></head><body><main>Café · 29,99 €</main>` +
  `<script${nonce}>window.__reactRouterContext = {};</script>` +
  `<script${nonce} type="module" async="">${BOOT}</script>` +
  `<script${nonce}>window.__reactRouterContext.streamController.close();</script></body></html>`;

/** The page through the transform, cut into chunks of `size` bytes (tags and characters cut too). */
async function rewrite(html: string, size: number): Promise<string> {
  const bytes = Buffer.from(html);
  const chunks: Buffer[] = [];
  for (let at = 0; at < bytes.length; at += size) chunks.push(bytes.subarray(at, at + size));
  return text(Readable.from(chunks).pipe(new ScriptsAfterFirstPaint()));
}

const MODULES = ["/assets/entry.client-B.js", "/assets/framework-C.js"];

describe("ScriptsAfterFirstPaint", () => {
  it("takes the modulepreload links out and starts the module script after the first paint", async () => {
    const expected = page()
      .replace(/<link rel="modulepreload"[^>]*>/g, "")
      .replace(
        `<script type="module" async="">${BOOT}</script>`,
        `<script type="${INERT_TYPE}">${COMPACT_BOOT}</script><script>${startAfterFirstPaint(MODULES)}</script>`,
      );
    expect(expected).not.toContain('<link rel="modulepreload"');
    // Every way the stream may cut the page gives the same page.
    for (const size of [1, 2, 3, 7, 16, 64, 100_000]) expect(await rewrite(page(), size)).toBe(expected);
  });

  it("gives the starter the module script's nonce", async () => {
    const out = await rewrite(page(' nonce="n0nce"'), 5);
    expect(out).toContain(`<script nonce="n0nce" type="${INERT_TYPE}">${COMPACT_BOOT}</script><script nonce="n0nce">`);
    expect(out).not.toContain('<link rel="modulepreload"');
  });

  it("passes a page without React Router's scripts unchanged", async () => {
    const plain = "<!DOCTYPE html><html><body><p>Not found</p><script>1 < 2</script></body></html>";
    expect(await rewrite(plain, 4)).toBe(plain);
    // A module script of another kind (no async) is not taken for React Router's.
    const other = '<html><body><script type="module">import "/a.js";</script></body></html>';
    expect(await rewrite(other, 3)).toBe(other);
  });

  it("keeps a page cut off inside the module script", async () => {
    const cut = page().slice(0, page().indexOf("import("));
    expect(await rewrite(cut, 9)).toContain('import * as route0 from "/assets/root-A.js"');
  });

  it("leaves a manifest it cannot read as it is", () => {
    const odd = boot("{not json");
    expect(compactManifest(odd)).toBe(odd);
    expect(compactManifest(BOOT)).toBe(COMPACT_BOOT);
  });

  it("keeps a module's address from closing the starter's script", () => {
    expect(startAfterFirstPaint(["/assets/</script>.js"])).not.toContain("</script>");
  });
});
