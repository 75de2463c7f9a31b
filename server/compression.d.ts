// Types of server/compression.js (plain JavaScript, like the rest of the production server) for the app and tests.
import type { Transform } from "node:stream";

export const ENCODINGS: readonly ["br", "gzip"];
export type Encoding = (typeof ENCODINGS)[number];

export function isCompressibleType(contentType: unknown): boolean;
export function negotiateEncoding(
  acceptEncoding: string | null | undefined,
  available?: readonly Encoding[],
): Encoding | null;
export function compressOnce(encoding: Encoding, bytes: Uint8Array): Buffer;
export function createResponseCompressor(encoding: Encoding): Transform;
