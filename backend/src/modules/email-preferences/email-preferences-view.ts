import type { EmailPreferencesDto } from './dto/email-preferences.dto';
import { EMAIL_TOPIC_LABELS, type EmailTopic } from './email-preferences.rules';

export function emailPreferencesDto(preferences: { topic: EmailTopic; subscribed: boolean }[]): EmailPreferencesDto {
  return { preferences: preferences.map(({ topic, subscribed }) => ({ topic, label: EMAIL_TOPIC_LABELS[topic].label, subscribed })) };
}
