// Types of server/log-target.js (plain JavaScript, like the rest of the production server).
export function printable(text: unknown, max?: number): string;
export function logTarget(target: string | null | undefined): string;
