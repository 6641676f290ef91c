import { ChallengeAchievementsSection } from '../../features/challenges/challenges-page';
import { ProgressPage } from '../../features/progress/progress-page';

export default function Route() {
  return (
    <ProgressPage>
      <ChallengeAchievementsSection />
    </ProgressPage>
  );
}
