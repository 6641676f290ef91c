import { WorkoutLibraryPage } from '../../features/workout-library/workout-library-page';

export default function Route() {
  return <WorkoutLibraryPage />;
}
