import { describe, expect, it } from "vitest";
import { createMailer, otpMail } from "./mailer";

describe("mailer (D42)", () => {
  it("without SMTP_URL prints the whole mail, address and code included, to the log", async () => {
    const lines: Array<{ obj: object; msg: string }> = [];
    const mailer = createMailer({
      smtpUrl: undefined,
      from: "Arcadium <x@localhost>",
      log: { info: (obj, msg) => lines.push({ obj, msg }), error: () => {} },
    });
    expect(mailer.configured).toBe(false);
    await mailer.send(
      otpMail({
        to: "admin@example.com",
        code: "042137",
        siteName: "Arcadium",
        publicUrl: "http://localhost:5000",
        validMinutes: 10,
      }),
    );
    expect(lines).toHaveLength(1);
    expect(lines[0].msg).toBe(
      "Mail not sent (SMTP_URL is not set) to admin@example.com: Your Arcadium admin sign-in code: 042137",
    );
    expect(lines[0].msg).not.toContain("\n");
    expect(lines[0].obj).toMatchObject({ mail: { to: "admin@example.com" } });
    expect((lines[0].obj as { mail: { text: string } }).mail.text).toContain("http://localhost:5000/cms");
  });

  it("with SMTP_URL it is configured", () => {
    const mailer = createMailer({
      smtpUrl: "smtp://127.0.0.1:2525",
      from: "a@b",
      log: { info: () => {}, error: () => {} },
    });
    expect(mailer.configured).toBe(true);
    mailer.close();
  });
});
