import { TimetablePage } from '../../features/marketing/timetable-page';

export default TimetablePage;
