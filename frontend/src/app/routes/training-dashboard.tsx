import { MonthlyChallengeCard } from '../../features/challenges/monthly-challenge-card';
import { DashboardPage } from '../../features/dashboard/dashboard-page';
import { OfflineWorkouts } from '../../features/workout-session/offline-workouts';

export default function Route() {
  return (
    <>
      <DashboardPage challengeCard={<MonthlyChallengeCard />} />
      <OfflineWorkouts />
    </>
  );
}
