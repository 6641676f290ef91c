import { createTransport, Transporter } from 'nodemailer';
import { MailMessage, MailPort } from './mail.port';

export class SmtpTransport extends MailPort {
  private readonly transporter: Transporter;

  constructor(
    smtpUrl: string,
    private readonly from: string,
  ) {
    super();
    this.transporter = createTransport(smtpUrl);
  }

  async send(message: MailMessage): Promise<void> {
    await this.transporter.sendMail({
      from: this.from,
      to: message.to,
      subject: message.subject,
      text: message.text,
      html: message.html,
      headers: { 'X-Pulso-Kind': message.kind },
    });
  }
}
