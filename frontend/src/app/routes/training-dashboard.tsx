import { DashboardPage } from '../../features/dashboard/dashboard-page';

export default function Route() {
  return <DashboardPage />;
}
