import { StaffConsole } from '../../features/staff-console/staff-console';

export default function Route() {
  return <StaffConsole />;
}
