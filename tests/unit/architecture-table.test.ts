// docs/architecture.md's module table and `npm run lint:modules` say the same (decision 0255): each module's
// "uses" column is exactly the modules its `module-uses-<name>` rule in .dependency-cruiser.cjs lets it import,
// and every folder under app/modules/ has a row and a rule.
import { readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../..");
const config = createRequire(import.meta.url)(path.join(root, ".dependency-cruiser.cjs")) as {
  forbidden: { name: string; to: { pathNot?: string | string[] } }[];
};

/** The table's rows: module → the modules in its "uses" column ("—": none). */
function tableUses(): Record<string, string[]> {
  const text = readFileSync(path.join(root, "docs/architecture.md"), "utf8");
  const rows = [...text.matchAll(/^\| `([a-z]+)` \|.*\| ([^|]+) \|$/gm)];
  return Object.fromEntries(
    rows.map(([, name, uses]) => [
      name,
      uses!.trim() === "—"
        ? []
        : uses!
            .split(",")
            .map((use) => use.trim())
            .sort(),
    ]),
  );
}

/** The lint's rules: module → the other modules its rule allows (`pathNot: "^app/modules/(self|a|b)/"`). */
function ruleUses(): Record<string, string[]> {
  return Object.fromEntries(
    config.forbidden
      .filter((rule) => rule.name.startsWith("module-uses-"))
      .map((rule) => {
        const name = rule.name.slice("module-uses-".length);
        const allowed = /^\^app\/modules\/\(([a-z|]+)\)\/$/.exec(String(rule.to.pathNot))?.[1]?.split("|") ?? [];
        expect(allowed[0], rule.name).toBe(name);
        return [name, allowed.filter((use) => use !== name).sort()];
      }),
  );
}

it("the architecture table's uses column is what the lint enforces, for every module", () => {
  const modules = readdirSync(path.join(root, "app/modules"), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
  const table = tableUses();
  const rules = ruleUses();
  expect(Object.keys(table).sort()).toEqual(modules);
  expect(Object.keys(rules).sort()).toEqual(modules);
  expect(rules).toEqual(table);
});
