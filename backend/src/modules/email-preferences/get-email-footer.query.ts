import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { EmailLinks } from './email-links';
import type { EmailFooter, EmailTopic } from './email-preferences.rules';

/**
 * The footer (text and HTML) any member email of `topic` ends with: why they receive it, the
 * signed one-click opt-out link and the way to the profile's "Correos" card. For senders in
 * other modules: `queryBus.execute(new GetEmailFooter(userId, topic))`.
 */
export class GetEmailFooter extends Query<EmailFooter> {
  constructor(
    readonly userId: string,
    readonly topic: EmailTopic,
  ) {
    super();
  }
}

@QueryHandler(GetEmailFooter)
export class GetEmailFooterHandler implements IQueryHandler<GetEmailFooter, EmailFooter> {
  constructor(private readonly links: EmailLinks) {}

  execute({ userId, topic }: GetEmailFooter): Promise<EmailFooter> {
    return this.links.footer(userId, topic);
  }
}
