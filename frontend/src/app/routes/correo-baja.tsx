import { EmailOptOutPage } from '../../features/email-opt-out/email-opt-out-page';

export default EmailOptOutPage;
