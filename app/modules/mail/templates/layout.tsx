// The store's look for email: one centred white card with the shop's name in the store's burgundy (--color-primary of app/app.css), inline
// styles only (mail clients drop style sheets), no images (every mail reads the same with them blocked), and
// absolute links (built from PUBLIC_URL by the caller).
import type { CSSProperties, ReactNode } from "react";

export const COLORS = { primary: "#8c2f39", text: "#374151", muted: "#6b7280", border: "#e5e7eb", page: "#f3f4f6" };
const FONT = "Arial, Helvetica, sans-serif";

export function MailDocument({
  title,
  baseUrl,
  shopName,
  children,
}: {
  title: string;
  baseUrl: string;
  /** The shop's name (its settings): the card's heading and its footer. */
  shopName: string;
  children: ReactNode;
}) {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content="light" />
        <title>{title}</title>
      </head>
      <body style={{ margin: 0, padding: 0, backgroundColor: COLORS.page, fontFamily: FONT, color: COLORS.text }}>
        <table
          role="presentation"
          width="100%"
          cellPadding={0}
          cellSpacing={0}
          style={{ backgroundColor: COLORS.page }}
        >
          <tbody>
            <tr>
              <td align="center" style={{ padding: "24px 12px" }}>
                <table
                  role="presentation"
                  width="100%"
                  cellPadding={0}
                  cellSpacing={0}
                  style={{
                    maxWidth: 600,
                    backgroundColor: "#ffffff",
                    border: `1px solid ${COLORS.border}`,
                    borderRadius: 8,
                  }}
                >
                  <tbody>
                    <tr>
                      <td style={{ padding: "20px 24px", borderBottom: `3px solid ${COLORS.primary}` }}>
                        <a
                          href={`${baseUrl}/`}
                          style={{ color: COLORS.primary, fontSize: 24, fontWeight: 700, textDecoration: "none" }}
                        >
                          {shopName}
                        </a>
                      </td>
                    </tr>
                    <tr>
                      <td style={{ padding: 24, fontSize: 15, lineHeight: "1.5" }}>{children}</td>
                    </tr>
                    <tr>
                      <td
                        style={{
                          padding: "16px 24px",
                          fontSize: 12,
                          color: COLORS.muted,
                          borderTop: `1px solid ${COLORS.border}`,
                        }}
                      >
                        {shopName} ·{" "}
                        <a href={`${baseUrl}/`} style={{ color: COLORS.muted }}>
                          {new URL(baseUrl).host}
                        </a>
                        <br />
                        This email was sent automatically; replies are not read. Questions?{" "}
                        <a href={`${baseUrl}/contact`} style={{ color: COLORS.muted }}>
                          Contact us
                        </a>
                        .
                      </td>
                    </tr>
                  </tbody>
                </table>
              </td>
            </tr>
          </tbody>
        </table>
      </body>
    </html>
  );
}

export function Heading({ children }: { children: ReactNode }) {
  return <h1 style={{ margin: "0 0 16px", fontSize: 22, color: "#111827" }}>{children}</h1>;
}

export function Paragraph({ children, style }: { children: ReactNode; style?: CSSProperties }) {
  return <p style={{ margin: "0 0 16px", ...style }}>{children}</p>;
}

/** A link that looks like the store's buttons; its text says where it goes, so it reads as a plain link too. */
export function ButtonLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <p style={{ margin: "24px 0" }}>
      <a
        href={href}
        style={{
          display: "inline-block",
          backgroundColor: COLORS.primary,
          color: "#ffffff",
          padding: "12px 24px",
          borderRadius: 6,
          fontWeight: 700,
          textDecoration: "none",
        }}
      >
        {children}
      </a>
    </p>
  );
}

export function SectionTitle({ children }: { children: ReactNode }) {
  return (
    <h2
      style={{
        margin: "24px 0 8px",
        fontSize: 13,
        color: COLORS.muted,
        textTransform: "uppercase",
        letterSpacing: "0.05em",
      }}
    >
      {children}
    </h2>
  );
}
