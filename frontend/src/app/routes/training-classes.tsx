import { ClassBookingPage } from '../../features/class-booking/class-booking-page';

export default function Route() {
  return <ClassBookingPage />;
}
