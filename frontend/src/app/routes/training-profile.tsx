import { ProfilePage } from '../../features/profile/profile-page';

export default function Route() {
  return <ProfilePage />;
}
