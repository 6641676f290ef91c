import { FreeClassBookingPage } from '../../features/free-class-booking/free-class-booking-page';

export default FreeClassBookingPage;
