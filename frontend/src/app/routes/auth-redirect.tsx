import { AuthRedirectPage } from '../../features/auth/auth-redirect-page';

export default function Route() {
  return <AuthRedirectPage />;
}
