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
// The emails themselves (React templates rendered to text + HTML): other modules hand in what a mail says.
export {
  isNewsworthyStatus,
  type NewsworthyStatus,
  orderConfirmationMail,
  orderStatusMail,
  paymentNotCompletedMail,
  sellerNewOrderMail,
} from "./templates/order-mails.tsx";
export type { MailOrder, MailOrderLine } from "./templates/order-parts.tsx";
export { passwordResetMail } from "./templates/password-reset-mail.tsx";
export { type MailRefund, refundMail } from "./templates/refund-mail.tsx";
