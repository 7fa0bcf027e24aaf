import http from "node:http";
import zlib from "node:zlib";
import { expect, test } from "@playwright/test";

// Pages stream (React Router writes them chunk by chunk); compressed, they must still come out about
// as small as the whole page compressed at once: a flush that throws the dictionary away after each
// chunk made them three times larger.

/** The raw bytes of a GET asking for `encoding`, with the response's headers. */
function rawGet(url: string, encoding: string): Promise<{ body: Buffer; headers: http.IncomingHttpHeaders }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { "accept-encoding": encoding } }, (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => resolve({ body: Buffer.concat(chunks), headers: response.headers }));
        response.on("error", reject);
      })
      .on("error", reject);
  });
}

const PAGES = ["/", "/browse", "/search?q=planner", "/category/planners"];

/** Each encoding a browser asks for, with how to undo it and how it compresses a whole page at once. */
const ENCODINGS = [
  { name: "gzip", decompress: zlib.gunzipSync, whole: (html: Buffer) => zlib.gzipSync(html) },
  {
    name: "br",
    decompress: zlib.brotliDecompressSync,
    whole: (html: Buffer) => zlib.brotliCompressSync(html, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } }),
  },
];

for (const { name, decompress, whole } of ENCODINGS) {
  test(`pages come ${name}-compressed about as small as the whole page compressed at once`, async ({ baseURL }) => {
    for (const page of PAGES) {
      const { body, headers } = await rawGet(`${baseURL}${page}`, name);
      expect(headers["content-encoding"], page).toBe(name);
      const html = decompress(body);
      expect(html.toString("utf8"), page).toContain("</html>");
      expect(body.length, page).toBeLessThan(whole(html).length * 1.25);
    }
  });
}

test("the build's scripts come as brotli made once at its strongest setting, not compressed per request", async ({
  baseURL,
}) => {
  const html = await (await fetch(`${baseURL}/product/1`)).text();
  const scripts = [...html.matchAll(/"(\/assets\/[^"]+\.js)"/g)].map((match) => match[1] as string);
  expect(scripts.length).toBeGreaterThan(0);
  for (const script of new Set(scripts)) {
    const { body, headers } = await rawGet(`${baseURL}${script}`, "gzip, deflate, br");
    expect(headers["cache-control"], script).toBe("public, max-age=31536000, immutable");
    // A few hundred bytes gain nothing from compressing.
    if (body.length < 256 && headers["content-encoding"] === undefined) continue;
    expect(headers["content-encoding"], script).toBe("br");
    const source = zlib.brotliDecompressSync(body);
    const strongest = zlib.brotliCompressSync(source, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } });
    expect(body.length, script).toBeLessThanOrEqual(strongest.length);
  }
});
