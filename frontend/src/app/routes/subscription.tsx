import { SubscriptionPage } from '../../features/subscription/subscription-page';

export default function Route() {
  return <SubscriptionPage />;
}
