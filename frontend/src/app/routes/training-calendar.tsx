import { TrainingCalendarPage } from '../../features/training-calendar/training-calendar-page';

export default function Route() {
  return <TrainingCalendarPage />;
}
