// Zod for the form schemas, which also run in the browser. Zod 4 probes whether `new Function` is allowed in
// order to compile fast parsers; under the store's Content-Security-Policy (no eval) that probe is reported as a
// violation even though it is caught. Jitless mode skips the probe; the forms are small, so nothing is lost.
import { z } from "zod";

z.config({ jitless: true });

export { z };
