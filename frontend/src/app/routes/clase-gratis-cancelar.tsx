import { FreeClassCancelPage } from '../../features/free-class-booking/free-class-cancel-page';

export default FreeClassCancelPage;
