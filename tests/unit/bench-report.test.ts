import { describe, expect, it } from "vitest";
import { formatBytes, replaceSection, significant, table } from "../../bench/report.ts";

describe("replaceSection", () => {
  const doc = "# Performance\n\nIntro.\n\n<!-- bench:begin -->\nold figures\n<!-- bench:end -->\n\n## Notes\nKept.\n";

  it("replaces only the named generated section", () => {
    const updated = replaceSection(doc, "bench", "new figures\n");
    expect(updated).toBe(
      "# Performance\n\nIntro.\n\n<!-- bench:begin -->\nnew figures\n<!-- bench:end -->\n\n## Notes\nKept.\n",
    );
    expect(replaceSection(updated, "bench", "new figures")).toBe(updated);
  });

  it("appends a section the page does not have yet", () => {
    expect(replaceSection(doc, "lighthouse", "scores")).toBe(
      `${doc.trimEnd()}\n\n<!-- lighthouse:begin -->\nscores\n<!-- lighthouse:end -->\n`,
    );
  });
});

describe("formatBytes, significant and table", () => {
  it("keeps three significant digits, so slow pages do not round to 0 req/s", () => {
    expect([significant(0.016345), significant(542.61), significant(12.345), significant(0)]).toEqual([
      0.0163, 543, 12.3, 0,
    ]);
  });

  it("formats sizes in B, KB and MB", () => {
    expect([formatBytes(900), formatBytes(1536), formatBytes(29.6 * 1024 * 1024)]).toEqual([
      "900 B",
      "1.5 KB",
      "29.6 MB",
    ]);
  });

  it("writes a Markdown table, escaping pipes", () => {
    expect(table(["Page", "req/s"], [["a|b", 12.5]])).toBe("| Page | req/s |\n| --- | --- |\n| a\\|b | 12.5 |");
  });
});
