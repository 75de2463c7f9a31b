// The mail module's front door: routes and other modules import from here only.
export { subscribe } from "./newsletter.server.ts";
export { enqueueMail, type MailKind, type OutgoingMail, wipeExpiredSecrets } from "./outbox.server.ts";
export { secretPlaceholder } from "./secrets.server.ts";
export {
  deliverPendingMail,
  LEASE_MS,
  MAX_ATTEMPTS,
  retryDelayMs,
  startMailSender,
  stopMailSender,
} from "./sender.server.ts";
