export interface MailMessage {
  /** What the message is for, e.g. `verification-code` or `free-class-confirmation`; staff filter by it. */
  kind: string;
  to: string;
  subject: string;
  text: string;
  html?: string;
}

/** How the product sends mail. The transport is chosen by MAIL_TRANSPORT. */
export abstract class MailPort {
  abstract send(message: MailMessage): Promise<void>;
}
