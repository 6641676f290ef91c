import { SystemsPage } from '../../features/marketing/systems-page';

export default SystemsPage;
