import { WorkoutSessionPage } from '../../features/workout-session/workout-session-page';

export default function Route() {
  return <WorkoutSessionPage />;
}
