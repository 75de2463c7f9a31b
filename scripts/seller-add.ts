// npm run seller:add [-- <email>]: creates a seller account in the store under DATA_DIR.
// npm run seller:add -- --reset <email>: sets a new password for an existing seller and ends their sessions.
// The password comes from SELLER_PASSWORD or a prompt that does not echo what is typed.
import { createInterface } from "node:readline";
import { closeDb, prepareDatabase } from "#app/lib/db.server.ts";
import { Refusal } from "#app/lib/refusal.ts";
import { createSeller, resetSellerPassword } from "#app/modules/identity/index.server.ts";
import { MIN_PASSWORD_LENGTH } from "#app/modules/identity/shared/account-schema.ts";

const input = process.stdin;
const output = process.stderr;

/** Lines typed or piped on stdin, read one at a time (for piped input and the visible email prompt). */
let lineReader: ReturnType<typeof createInterface> | undefined;
let lineIterator: AsyncIterator<string> | undefined;
async function readLine(question: string): Promise<string> {
  output.write(question);
  lineReader ??= createInterface({ input, terminal: false });
  lineIterator ??= lineReader[Symbol.asyncIterator]();
  const next = await lineIterator.next();
  return next.done ? "" : next.value;
}

/** Reads a password from the terminal without echoing it; from piped stdin, reads a line. */
async function readHidden(question: string): Promise<string> {
  if (!input.isTTY) return readLine(question);
  lineReader?.close();
  lineReader = undefined;
  lineIterator = undefined;
  output.write(question);
  input.setRawMode(true);
  input.resume();
  input.setEncoding("utf8");
  return new Promise((resolve) => {
    let typed = "";
    const onData = (chunk: string) => {
      for (const char of chunk) {
        if (char === "\r" || char === "\n" || char === "\u0004") {
          input.setRawMode(false);
          input.pause();
          input.off("data", onData);
          output.write("\n");
          resolve(typed);
          return;
        }
        if (char === "\u0003") {
          input.setRawMode(false);
          output.write("\n");
          process.exit(130);
        }
        if (char === "\u007f" || char === "\b") typed = typed.slice(0, -1);
        else typed += char;
      }
    };
    input.on("data", onData);
  });
}

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  const reset = args[0] === "--reset";
  const email = ((reset ? args[1] : args[0]) ?? (await readLine("Seller email: "))).trim();
  const nothingDone = reset ? "No password was changed." : "No seller was created.";
  if (!email) {
    output.write(`An email is required: npm run seller:add -- ${reset ? "--reset " : ""}seller@example.com\n`);
    return 1;
  }
  let password = process.env.SELLER_PASSWORD;
  if (password === undefined) {
    password = await readHidden(
      `${reset ? "New password" : "Password"} (at least ${MIN_PASSWORD_LENGTH} characters): `,
    );
    if (input.isTTY) {
      const again = await readHidden("Repeat the password: ");
      if (again !== password) {
        output.write(`The passwords do not match. ${nothingDone}\n`);
        return 1;
      }
    }
  }
  try {
    if (reset) {
      const seller = await resetSellerPassword(email, password);
      process.stdout.write(`The password of seller ${seller.email} was changed and their sessions ended.\n`);
    } else {
      const seller = await createSeller(email, password);
      process.stdout.write(`Seller ${seller.email} created. Sign in at /seller-login.\n`);
    }
    return 0;
  } catch (error) {
    if (error instanceof Refusal) {
      output.write(`${error.message} ${nothingDone}\n`);
      return 1;
    }
    throw error;
  }
}

prepareDatabase()
  .then(main)
  .then(async (code) => {
    lineReader?.close();
    await closeDb();
    process.exitCode = code;
  })
  .catch(async (error) => {
    console.error(error);
    await closeDb();
    process.exitCode = 1;
  });
