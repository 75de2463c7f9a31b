// Renders an email's React body to the HTML part (react-dom/server, static markup: no hydration markers).
import type { ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import type { MailKind, OutgoingMail } from "#app/modules/mail/outbox.server.ts";

export function renderMail(mail: {
  kind: MailKind;
  to: string;
  subject: string;
  /** The plain-text part, written for reading as text (not derived from the HTML). */
  text: string;
  html: ReactElement;
}): OutgoingMail {
  return { ...mail, html: `<!DOCTYPE html>${renderToStaticMarkup(mail.html)}` };
}
