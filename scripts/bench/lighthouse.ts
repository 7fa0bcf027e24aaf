// `npm run bench -- --lighthouse`: Lighthouse (mobile, simulated throttling: its defaults) on the pages
// the issue names, with Debian's Chromium (never a browser Lighthouse downloads). Figures beside the
// goals, never asserted.
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { fmt, table } from "./figures.ts";

const LIGHTHOUSE_PAGES = ["/", "/category/planners", "/product/1", "/browse", "/search?q=planner"];

interface NetworkRequest {
  resourceType?: string;
  transferSize?: number;
  resourceSize?: number;
}

/** One Lighthouse run per page; the table of its figures. */
export async function benchLighthouse(base: string): Promise<string[]> {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu"],
  });
  const rows: string[][] = [];
  try {
    for (const page of LIGHTHOUSE_PAGES) {
      console.log(`Lighthouse on ${page}…`);
      const run = () =>
        lighthouse(`${base}${page}`, {
          port: chrome.port,
          output: "json",
          logLevel: "error",
          onlyCategories: ["performance"],
        });
      let result = await run();
      // Now and then Lighthouse loses the trace of a load (NO_NAVSTART): that page is measured again, once.
      if (result?.lhr.runtimeError) {
        console.log(`Lighthouse on ${page}: ${result.lhr.runtimeError.code}, once more…`);
        result = await run();
      }
      if (!result) throw new Error(`Lighthouse gave no result for ${page}`);
      const { audits, categories } = result.lhr;
      const requests = (audits["network-requests"]?.details as { items?: NetworkRequest[] } | undefined)?.items ?? [];
      const scripts = requests.filter((request) => request.resourceType === "Script");
      const document = requests.find((request) => request.resourceType === "Document");
      const kb = (bytes: number | undefined) => (bytes === undefined ? "n/a" : fmt(bytes / 1024, 1));
      rows.push([
        page,
        fmt(categories.performance?.score ?? Number.NaN, 2),
        fmt((audits["largest-contentful-paint"]?.numericValue ?? Number.NaN) / 1000, 2),
        fmt(audits["cumulative-layout-shift"]?.numericValue ?? Number.NaN, 3),
        fmt(audits["total-blocking-time"]?.numericValue ?? Number.NaN),
        kb(scripts.reduce((sum, request) => sum + (request.transferSize ?? 0), 0)),
        `${kb(document?.resourceSize)} / ${kb(document?.transferSize)}`,
        result.lhr.runtimeError?.code ?? audits["largest-contentful-paint"]?.errorMessage ?? "",
      ]);
    }
  } finally {
    chrome.kill();
  }
  return [
    "Lighthouse (mobile, simulated throttling), goals: score >= 0.98, LCP <= 1.5 s, CLS <= 0.02, TBT <= 50 ms,",
    "JavaScript <= 90 KB compressed on the product page, HTML of a 24-card page <= 40 KB",
    ...table(
      ["page", "score", "LCP s", "CLS", "TBT ms", "JS KB (compressed)", "HTML KB (whole / sent)", "error"],
      rows,
    ).map((line) => `  ${line}`),
  ];
}
