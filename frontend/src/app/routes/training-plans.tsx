import { PlansPage } from '../../features/plans/plans-page';

export default function Route() {
  return <PlansPage />;
}
