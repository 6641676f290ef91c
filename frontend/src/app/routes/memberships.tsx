import { MembershipsPage } from '../../features/marketing/memberships-page';

export default MembershipsPage;
