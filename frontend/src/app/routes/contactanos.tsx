import { ContactPage } from '../../features/marketing/contact-page';

export default ContactPage;
