import { LandingPage } from '../../features/marketing/landing-page';

export default LandingPage;
