// End-to-end specs read a toast only through expectToast (tests/e2e/fixtures.ts, decision 0240): a toast fades
// after 2 s (4 s for an error) and with JavaScript leaves the page after 2.4 s, so a spec that looks at the
// toasts' live region itself, or waits for a toast to be visible, fails whenever a busy machine is slower than
// that. Asserting that no toast with a text is there (toHaveCount(0)) cannot fail that way and stays allowed.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { expect, it } from "vitest";

const FOLDERS = ["tests/e2e", "tests/e2e-postgres"];

/** The texts of the store's toasts that end with a greeting or a known word, as the specs wait for them. */
const TOAST_LOOKS = [
  /getByTestId\(["']toasts["']\)/,
  // A toast's text waited for as visible: a greeting, or a toast's role filtered by its text.
  /getByText\([`"'](Welcome (back|to)|Logged out|Please log in to place)[^)]*\)\)\.toBeVisible\(/,
  /getByRole\(["']status["']\)\.filter\([^)]*\)\)\.toBeVisible\(/,
];

it("no end-to-end spec looks at a toast but through expectToast", () => {
  const found: string[] = [];
  for (const folder of FOLDERS) {
    for (const name of readdirSync(folder)) {
      if (!name.endsWith(".ts") || (folder === "tests/e2e" && name === "fixtures.ts")) continue;
      const file = path.join(folder, name);
      readFileSync(file, "utf8")
        .split("\n")
        .forEach((line, i) => {
          if (TOAST_LOOKS.some((look) => look.test(line))) found.push(`${file}:${i + 1}: ${line.trim()}`);
        });
    }
  }
  expect(found).toEqual([]);
});
