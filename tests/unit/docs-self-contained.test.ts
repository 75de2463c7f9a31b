// The project's docs stand on their own (issue 30 point 17): no Markdown file in the repository points at a file
// outside it (a design brief, a specification, a path on some machine), and every relative link leads to a file
// that is in the repository.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../..");
/** Folders that are not the project's own text: installed packages, and at the top builds, data, test output. */
const SKIPPED_ANYWHERE = /^(node_modules|\.git)$/;
const SKIPPED_AT_TOP = /^(build.*|data|test-results|playwright-report|coverage)$/;

function markdownFiles(dir = root): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      const skipped = SKIPPED_ANYWHERE.test(entry.name) || (dir === root && SKIPPED_AT_TOP.test(entry.name));
      return skipped ? [] : markdownFiles(full);
    }
    return entry.name.endsWith(".md") ? [full] : [];
  });
}

/** Names of files that live outside the repository: the brief and specification the project started from. */
const OUTSIDE = [/\/work\//, /\bstore-spec\.md\b/, /\bDESIGN\.md\b/, /\bspec\/[\w-]+\.md\b/];

it("no doc refers to a file outside the repository", () => {
  const files = markdownFiles();
  expect(files.length).toBeGreaterThan(50);
  const found: string[] = [];
  for (const file of files) {
    const text = readFileSync(file, "utf8");
    const relative = path.relative(root, file);
    for (const [index, line] of text.split("\n").entries()) {
      if (OUTSIDE.some((pattern) => pattern.test(line))) found.push(`${relative}:${index + 1}: ${line.trim()}`);
    }
    for (const [, target] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
      if (/^(https?:|mailto:|#)/.test(target!)) continue;
      const resolved = path.resolve(path.dirname(file), target!.split("#")[0]!);
      const inside = !path.relative(root, resolved).startsWith("..");
      if (!inside || !existsSync(resolved))
        found.push(`${relative}: a link to ${target}, not a file of the repository`);
    }
  }
  expect(found).toEqual([]);
});
