import { ReservaPage } from '../../features/marketing/reserva-page';

export default ReservaPage;
