import { chromium } from "@playwright/test";
import AxeBuilder from "@axe-core/playwright";
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox","--disable-gpu","--disable-quic","--no-first-run","--disable-background-networking","--disable-component-update","--disable-sync"] });
for (const path of ["/help", "/product/1", "/help"]) {
  let t = Date.now(); const lap = (n) => { const d = Date.now() - t; t = Date.now(); return `${n} ${d}`; };
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const out = [lap("context")];
  await page.goto("http://127.0.0.1:4999" + path, { waitUntil: "commit" }); out.push(lap("commit"));
  await page.waitForLoadState("domcontentloaded"); out.push(lap("dcl"));
  await page.waitForLoadState("load"); out.push(lap("load"));
  await page.waitForFunction(() => window.__reactRouterRouteModules !== undefined); out.push(lap("hydrated"));
  await page.waitForLoadState("networkidle"); out.push(lap("idle"));
  await new AxeBuilder({ page }).withTags(["wcag2a","wcag2aa","wcag21a","wcag21aa","best-practice"]).setLegacyMode(true).analyze(); out.push(lap("axe"));
  await page.screenshot({ fullPage: true }); out.push(lap("shot"));
  await context.close(); out.push(lap("close"));
  console.log(path, out.join(", "));
}
await browser.close();
