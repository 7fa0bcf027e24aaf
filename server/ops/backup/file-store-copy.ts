import fs from "node:fs";
import path from "node:path";

// The file store's files are written once under a new name and replaced by rename
// (server/storage/file-store.ts), so a hard link is a snapshot of a file that costs no space; a
// copy where links cannot be made (another disk). Files still being written (*.partial) are skipped.

export function copyFileStore(source: string, target: string): { count: number; bytes: number } {
  const totals = { count: 0, bytes: 0 };
  // Folders keep their modes (files keep theirs: links share them, copyFile copies them).
  const modeOf = (dir: string) => fs.statSync(dir).mode & 0o777;
  fs.mkdirSync(target, { recursive: true, mode: fs.existsSync(source) ? modeOf(source) : 0o700 });
  if (!fs.existsSync(source)) return totals;
  const walk = (relative: string) => {
    for (const entry of fs.readdirSync(path.join(source, relative), { withFileTypes: true })) {
      const name = path.join(relative, entry.name);
      if (entry.isDirectory()) {
        fs.mkdirSync(path.join(target, name), { mode: modeOf(path.join(source, name)) });
        walk(name);
      } else if (entry.isFile() && !entry.name.endsWith(".partial")) {
        const from = path.join(source, name);
        const to = path.join(target, name);
        try {
          fs.linkSync(from, to);
        } catch (error) {
          const code = (error as NodeJS.ErrnoException).code;
          if (code === "ENOENT") continue; // removed meanwhile
          if (code !== "EXDEV" && code !== "EPERM") throw error;
          fs.copyFileSync(from, to);
        }
        totals.count++;
        totals.bytes += fs.statSync(to).size;
      }
    }
  };
  walk("");
  return totals;
}
