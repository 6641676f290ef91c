import { Route, Routes, Navigate } from 'react-router-dom';
import { useIdentity } from '../../shared/identity/identity';
import { PageMeta } from '../../shared/ui/page-meta';
import { ActivityPage } from './activity-page';
import { BookingsPage } from './bookings-page';
import { ChallengesPage } from './challenges-page';
import { MailPage } from './mail-page';
import { MediaPage } from './media-page';
import { MemberPage } from './member-page';
import { MembersPage } from './members-page';
import { ProjectionsPage } from './projections-page';
import { TodayPage } from './today-page';
import { NotAuthorized, StaffLayout } from './staff-layout';
import './staff-console.css';

/** /staff/*: the console, for the staff role only; a member gets 'No autorizado'. */
export function StaffConsole() {
  const identity = useIdentity();
  if (identity.role !== 'staff') {
    return (
      <>
        <PageMeta title="No autorizado" description="Sección reservada al personal del estudio." />
        <NotAuthorized />
      </>
    );
  }
  return (
    <StaffLayout>
      <PageMeta title="Consola del staff" description="Hoy, clases gratis, miembros, retos, actividad, proyecciones y correos del estudio." />
      <Routes>
        <Route index element={<TodayPage />} />
        <Route path="actividad" element={<ActivityPage />} />
        <Route path="miembros" element={<MembersPage />} />
        <Route path="miembros/:userId" element={<MemberPage />} />
        <Route path="proyecciones" element={<ProjectionsPage />} />
        <Route path="clases-gratis" element={<BookingsPage />} />
        <Route path="correos" element={<MailPage />} />
        <Route path="retos" element={<ChallengesPage />} />
        <Route path="medios" element={<MediaPage />} />
        <Route path="*" element={<Navigate to="/staff" replace />} />
      </Routes>
    </StaffLayout>
  );
}
