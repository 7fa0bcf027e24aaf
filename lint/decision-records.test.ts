import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// docs/decisions/: every record has a status and a date, and the index lists each one with them.

const folder = path.resolve(import.meta.dirname, "../docs/decisions");
const records = fs
  .readdirSync(folder)
  .filter((name) => /^\d{3}-[a-z0-9-]+\.md$/.test(name))
  .sort();
const index = fs.readFileSync(path.join(folder, "README.md"), "utf8");
const STATUS = /^Status: (accepted|proposed|superseded|partly superseded)\b/m;
const DATE = /\bDate: (\d{4}-\d{2}-\d{2})\./;

describe("decision records", () => {
  it("are numbered one after another from 001", () => {
    expect(records.map((name) => Number(name.slice(0, 3)))).toEqual(records.map((_, i) => i + 1));
  });

  it.each(records)("%s has a title with its number, a status and a date", (name) => {
    const text = fs.readFileSync(path.join(folder, name), "utf8");
    expect(text.split("\n")[0]).toMatch(new RegExp(`^# ${name.slice(0, 3)} \\S`));
    expect(text).toMatch(STATUS);
    expect(text).toMatch(DATE);
  });

  it.each(records)("%s is in the index with its status and date", (name) => {
    const text = fs.readFileSync(path.join(folder, name), "utf8");
    const status = STATUS.exec(text)?.[1];
    const date = DATE.exec(text)?.[1];
    const row = index.split("\n").find((line) => line.startsWith(`| [${name.slice(0, 3)}](${name})`));
    expect(row, `a row for ${name} in docs/decisions/README.md`).toBeDefined();
    expect(row).toContain(`| ${status} | ${date} |`);
  });
});
