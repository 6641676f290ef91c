import { MonthlyChallengeCard } from '../../features/challenges/monthly-challenge-card';
import { DashboardPage } from '../../features/dashboard/dashboard-page';

export default function Route() {
  return <DashboardPage challengeCard={<MonthlyChallengeCard />} />;
}
