import { SMTPServer } from "smtp-server";

// A real SMTP server in the test process: the app's nodemailer transport delivers to it, tests read the mail.

export type Mail = { to: string[]; raw: string };

const CODE_SUBJECT = /^Subject: (\d{6}) is your Switchboard sign-in code/m;

export class Mailbox {
  readonly mails: Mail[] = [];
  private server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["AUTH", "STARTTLS"],
    logger: false,
    closeTimeout: 200,
    onData: (stream, session, callback) => {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        this.mails.push({ to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()), raw: Buffer.concat(chunks).toString("utf8") });
        callback();
      });
    },
  });

  listen(port: number): Promise<void> {
    return new Promise((resolve, reject) => {
      this.server.once("error", reject);
      this.server.listen(port, "127.0.0.1", () => resolve());
    });
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  clear(): void {
    this.mails.length = 0;
  }

  mailsTo(email: string): Mail[] {
    return this.mails.filter((mail) => mail.to.includes(email.toLowerCase()));
  }

  /** The sign-in codes mailed to `email`, oldest first. */
  codesTo(email: string): string[] {
    return this.mailsTo(email).flatMap((mail) => mail.raw.match(CODE_SUBJECT)?.[1] ?? []);
  }

  /** Waits for the code in the mail after the first `known` ones to `email`. */
  async waitForCode(email: string, known = 0, timeoutMs = 5000): Promise<string> {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      const code = this.codesTo(email)[known];
      if (code) return code;
      await new Promise((r) => setTimeout(r, 20));
    }
    throw new Error(`No sign-in code reached ${email} within ${timeoutMs} ms`);
  }
}
