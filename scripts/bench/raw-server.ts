// A raw node:http server for the pages section of `npm run bench` (scripts/bench/pages.ts): it answers
// each path with the bytes and headers the shop sent for it, recorded in the JSON file named by its
// first argument, and nothing else; the limit against which the shop's pages are measured.
import fs from "node:fs";
import http from "node:http";

interface Recorded {
  status: number;
  headers: [string, string][];
  body: string; // base64
}

const [file, port] = process.argv.slice(2);
const pages = new Map(
  Object.entries(JSON.parse(fs.readFileSync(file!, "utf8")) as Record<string, Recorded>).map(([path, page]) => [
    path,
    { status: page.status, headers: page.headers, body: Buffer.from(page.body, "base64") },
  ]),
);

http
  .createServer((req, res) => {
    const page = pages.get(req.url ?? "");
    if (!page) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(page.status, [...page.headers.flat(), "content-length", String(page.body.length)]);
    res.end(page.body);
  })
  .listen(Number(port), "127.0.0.1", () => process.send?.("listening"));
