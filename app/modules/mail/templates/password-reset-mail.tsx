// The shopper's password-reset email: the link (valid once, for one hour) as a button and written out in full.
import type { OutgoingMail } from "#app/modules/mail/outbox.server.ts";
import { ButtonLink, COLORS, Heading, MailDocument, Paragraph } from "./layout.tsx";
import { renderMail } from "./render.server.tsx";

export function passwordResetMail(
  shopper: { name: string; email: string },
  { baseUrl, resetUrl, shopName }: { baseUrl: string; resetUrl: string; shopName: string },
): OutgoingMail {
  const subject = `Reset your ${shopName} password`;
  const greeting = `Hi ${shopper.name.split(/\s+/)[0] || shopper.name},`;
  const asked = `Someone, hopefully you, asked to reset the password of your ${shopName} account.`;
  const validity = "The link works once, within one hour.";
  const ignore = "If you did not ask for it, ignore this email: your password stays as it is.";
  return renderMail({
    kind: "password-reset",
    to: shopper.email,
    subject,
    text: [greeting, "", asked, "Choose a new password here:", "", resetUrl, "", validity, ignore].join("\n"),
    html: (
      <MailDocument title={subject} baseUrl={baseUrl} shopName={shopName}>
        <Heading>Reset your password</Heading>
        <Paragraph>{greeting}</Paragraph>
        <Paragraph>{asked}</Paragraph>
        <ButtonLink href={resetUrl}>Choose a new password</ButtonLink>
        <Paragraph style={{ fontSize: 13, color: COLORS.muted }}>
          Or copy this link into your browser:
          <br />
          <a href={resetUrl} style={{ color: COLORS.primary, wordBreak: "break-all" }}>
            {resetUrl}
          </a>
        </Paragraph>
        <Paragraph>{validity}</Paragraph>
        <Paragraph>{ignore}</Paragraph>
      </MailDocument>
    ),
  });
}
