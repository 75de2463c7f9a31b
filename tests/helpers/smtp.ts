// A real SMTP server on 127.0.0.1 (the `smtp-server` package) for the mail tests: it keeps every message it
// accepts, raw, and can be told to refuse the next ones. `parsed` reads them with mailparser, as a mail
// client would. `startAnswerDroppingProxy` stands between the store and the server and loses the server's
// answer to a message it has accepted (a timeout or a dropped connection at the worst moment).
import net from "node:net";
import { type ParsedMail, simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";

export type Received = { from: string; to: string[]; raw: Buffer };

type Refusal = { code: number; message: string };

export type SmtpTestServer = {
  url: string;
  port: number;
  received: Received[];
  /** The accepted messages, parsed. */
  parsed(): Promise<ParsedMail[]>;
  /** The next `times` messages are answered with this SMTP error (421: try later; 550: never). */
  refuseNext(code: number, message: string, times?: number): void;
  /** RCPT TO for this address is answered with this error. */
  refuseRecipient(address: string, code: number, message: string): void;
  close(): Promise<void>;
};

function smtpError({ code, message }: Refusal) {
  return Object.assign(new Error(message), { responseCode: code });
}

export async function startSmtpServer(): Promise<SmtpTestServer> {
  const received: Received[] = [];
  const refusals: Refusal[] = [];
  const refusedRecipients = new Map<string, Refusal>();
  const server = new SMTPServer({
    // Plain SMTP on loopback: no STARTTLS (and so no test certificate), no AUTH.
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onRcptTo(address, _session, callback) {
      const refusal = refusedRecipients.get(address.address.toLowerCase());
      callback(refusal ? smtpError(refusal) : null);
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const refusal = refusals.shift();
        if (refusal) return callback(smtpError(refusal));
        const from = session.envelope.mailFrom;
        received.push({
          from: from ? from.address : "",
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks),
        });
        callback(null);
      });
    },
  });
  // A sender killed in the middle of a conversation (SIGKILL of a server) resets its connection: smtp-server
  // reports that on the server, and without a listener it would be thrown in the test's process. Any other
  // error is said, which fails the test (tests/setup.ts).
  server.on("error", (error: NodeJS.ErrnoException) => {
    if (error.code !== "ECONNRESET" && error.code !== "EPIPE") console.error("The test SMTP server failed:", error);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as net.AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    received,
    parsed: () => Promise.all(received.map((m) => simpleParser(m.raw))),
    refuseNext(code, message, times = 1) {
      for (let i = 0; i < times; i++) refusals.push({ code, message });
    },
    refuseRecipient(address, code, message) {
      refusedRecipients.set(address.toLowerCase(), { code, message });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const END_OF_DATA = Buffer.from("\r\n.\r\n");

/**
 * A TCP proxy to `port` that lets everything through, except that the first `drops` times the server
 * answers a message's end of DATA, the answer is thrown away and both connections are cut: the server has
 * accepted the message, the store never hears so.
 */
export async function startAnswerDroppingProxy(port: number, drops = 1) {
  let left = drops;
  const sockets = new Set<net.Socket>();
  const proxy = net.createServer((client) => {
    const upstream = net.connect(port, "127.0.0.1");
    sockets.add(client).add(upstream);
    let tail = Buffer.alloc(0);
    let dataEnded = false;
    client.on("data", (chunk: Buffer) => {
      const seen = Buffer.concat([tail, chunk]);
      if (seen.includes(END_OF_DATA)) dataEnded = true;
      tail = seen.subarray(Math.max(seen.length - END_OF_DATA.length, 0));
      upstream.write(chunk);
    });
    upstream.on("data", (chunk: Buffer) => {
      if (dataEnded && left > 0) {
        left--;
        client.destroy();
        upstream.destroy();
        return;
      }
      dataEnded = false;
      client.write(chunk);
    });
    const end = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on("error", end).on("close", end);
    upstream.on("error", end).on("close", end);
  });
  await new Promise<void>((resolve) => proxy.listen(0, "127.0.0.1", resolve));
  const { port: proxyPort } = proxy.address() as net.AddressInfo;
  return {
    url: `smtp://127.0.0.1:${proxyPort}`,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        proxy.close(() => resolve());
      }),
  };
}

/** A server that accepts connections and never says a word (an SMTP server that hangs). */
export async function startSilentServer() {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on("error", () => {});
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    connections: () => sockets.size,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
