// A policy's plain text with simple formatting, rendered as React elements (never as HTML, so nothing a seller
// types can become markup or a script): a blank line starts a new paragraph, lines starting with "- " or "* "
// make a list ("1. " a numbered one), a line starting with "## " is a heading, and **text** is bold.
import type { ReactNode } from "react";

type Block =
  | { kind: "paragraph"; lines: string[] }
  | { kind: "heading"; text: string }
  | { kind: "list"; ordered: boolean; items: string[] };

const BULLET = /^\s*[-*]\s+/;
const NUMBERED = /^\s*\d{1,3}[.)]\s+/;

/** The text's blocks, in order. */
export function policyBlocks(text: string): Block[] {
  const blocks: Block[] = [];
  for (const chunk of text.replace(/\r\n?/g, "\n").split(/\n\s*\n/)) {
    let paragraph: string[] = [];
    // The list the previous line added to (a blank line, a paragraph or a heading ends it).
    let list: Extract<Block, { kind: "list" }> | null = null;
    const flush = () => {
      if (paragraph.length > 0) blocks.push({ kind: "paragraph", lines: paragraph });
      paragraph = [];
    };
    for (const line of chunk.split("\n")) {
      if (line.trim() === "") continue;
      if (line.startsWith("## ")) {
        flush();
        list = null;
        blocks.push({ kind: "heading", text: line.slice(3).trim() });
      } else if (BULLET.test(line) || NUMBERED.test(line)) {
        flush();
        const ordered = !BULLET.test(line);
        const item = line.replace(ordered ? NUMBERED : BULLET, "").trim();
        if (list && list.ordered === ordered) list.items.push(item);
        else {
          list = { kind: "list", ordered, items: [item] };
          blocks.push(list);
        }
      } else {
        list = null;
        paragraph.push(line.trim());
      }
    }
    flush();
  }
  return blocks.filter((block) => block.kind !== "paragraph" || block.lines.length > 0);
}

/** **bold** inside a line; anything else is text. */
function inline(text: string): ReactNode[] {
  return text.split(/(\*\*[^*]+\*\*)/g).map((part, i) =>
    part.startsWith("**") && part.endsWith("**") && part.length > 4 ? (
      // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one line in their order
      <strong key={i}>{part.slice(2, -2)}</strong>
    ) : (
      part
    ),
  );
}

export function PolicyText({ text }: { text: string }) {
  const blocks = policyBlocks(text);
  return (
    <div className="space-y-4 text-gray-700" data-testid="policy-text">
      {blocks.map((block, i) => {
        const key = `${block.kind}-${i}`;
        if (block.kind === "heading")
          return (
            <h2 key={key} className="pt-2 text-lg font-semibold text-gray-800">
              {inline(block.text)}
            </h2>
          );
        if (block.kind === "list") {
          const items = block.items.map((item, j) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the list's items in their order
            <li key={j}>{inline(item)}</li>
          ));
          return block.ordered ? (
            <ol key={key} className="list-decimal space-y-1 pl-6">
              {items}
            </ol>
          ) : (
            <ul key={key} className="list-disc space-y-1 pl-6">
              {items}
            </ul>
          );
        }
        return (
          <p key={key}>
            {block.lines.map((line, j) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the paragraph's lines in their order
              <span key={j}>
                {j > 0 ? <br /> : null}
                {inline(line)}
              </span>
            ))}
          </p>
        );
      })}
    </div>
  );
}
