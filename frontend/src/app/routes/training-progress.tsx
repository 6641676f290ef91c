import { ProgressPage } from '../../features/progress/progress-page';

export default function Route() {
  return <ProgressPage />;
}
