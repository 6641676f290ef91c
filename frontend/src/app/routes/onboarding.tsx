import { OnboardingPage } from '../../features/onboarding/onboarding-page';

export default function Route() {
  return <OnboardingPage />;
}
