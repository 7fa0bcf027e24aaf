import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { QUEUES } from "../server/jobs/queue.ts";

// docs/ARCHITECTURE.md stays a true map: its jobs table names every queue and nothing else, its
// links lead to files of the repository, and its folder table names every folder of server/.

const root = path.resolve(import.meta.dirname, "..");
const docs = path.join(root, "docs");
const map = fs.readFileSync(path.join(docs, "ARCHITECTURE.md"), "utf8");

/** The table rows of the section whose heading starts with `heading` ("## Jobs"). */
function tableRows(heading: string): string[] {
  const start = map.split("\n").findIndex((line) => line.startsWith(heading));
  expect(start, `a section "${heading}" in docs/ARCHITECTURE.md`).toBeGreaterThanOrEqual(0);
  const section = map.split("\n").slice(start + 1);
  const end = section.findIndex((line) => line.startsWith("## "));
  return (end === -1 ? section : section.slice(0, end)).filter((line) => line.startsWith("|")).slice(2); // the header and its separator
}

const backticked = (text: string) => [...text.matchAll(/`([^`]+)`/g)].map((match) => match[1]!);

describe("docs/ARCHITECTURE.md", () => {
  describe("jobs table", () => {
    const named = tableRows("## Jobs").flatMap(backticked);

    it.each(Object.values(QUEUES))("names the queue %s", (queue) => {
      expect(named).toContain(queue);
    });

    it("names nothing but real queues", () => {
      const queues: readonly string[] = Object.values(QUEUES);
      expect(named.filter((name) => !queues.includes(name))).toEqual([]);
    });
  });

  describe("links", () => {
    const targets = [...new Set([...map.matchAll(/\]\(([^)\s]+)\)/g)].map((match) => match[1]!))];

    it("lead to no other site", () => {
      // Outside code spans, where an address (`http://localhost:3000`) is not a link.
      expect(map.replace(/`[^`]*`/g, "")).not.toMatch(/https?:\/\//);
    });

    it.each(targets)("%s exists", (target) => {
      const file = target.split("#")[0]!;
      expect(fs.existsSync(path.resolve(docs, file)), `${file} from docs/`).toBe(true);
    });
  });

  describe("folder table", () => {
    const rows = tableRows("## Folders").join("\n");
    const serverFolders = fs
      .readdirSync(path.join(root, "server"), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);

    it.each(serverFolders)("names server/%s/", (folder) => {
      expect(rows).toContain(`\`server/${folder}/\``);
    });
  });
});
