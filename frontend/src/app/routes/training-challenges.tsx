import { ChallengesPage } from '../../features/challenges/challenges-page';

export default function Route() {
  return <ChallengesPage />;
}
