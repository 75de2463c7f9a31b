// What a module call that must be refused was refused with (app/lib/refusal.ts): the tests of the modules'
// rules read its status, message and field errors. Anything else it ends with fails the test as it is.
import { Refusal } from "#app/lib/refusal.ts";

/** The Refusal `promise` rejects with; a promise that resolves, or fails otherwise, fails the test. */
export async function refusalOf(promise: Promise<unknown>): Promise<Refusal> {
  const outcome = await promise.then(
    (value: unknown) => ({ value }),
    (error: unknown) => ({ error }),
  );
  if ("error" in outcome && outcome.error instanceof Refusal) return outcome.error;
  if ("error" in outcome) throw outcome.error;
  throw new Error(`expected a Refusal, but it succeeded with ${JSON.stringify(outcome.value)?.slice(0, 200)}`);
}
