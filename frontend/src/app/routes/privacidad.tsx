import { PrivacyPage } from '../../features/marketing/privacy-page';

export default PrivacyPage;
