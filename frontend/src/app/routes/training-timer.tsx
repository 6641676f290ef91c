import { IntervalTimerPage } from '../../features/workout-session/interval-timer/interval-timer-page';

export default function Route() {
  return <IntervalTimerPage />;
}
