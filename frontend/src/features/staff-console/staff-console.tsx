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
import { ReportsPage } from './reports-page';
import { RightsRequestsPage } from './rights-requests-page';
import { TimetablePage } from './timetable-page';
import { TodayPage } from './today-page';
import { NotAuthorized, StaffLayout } from './staff-layout';
import { TwoFactorGate } from './two-factor-setup';
import { ClassBoard } from './studio-class/class-board';
import { ClassPage } from './studio-class/class-page';
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
  // The console opens only to a session confirmed with a second factor; without one, enrolment comes first.
  if (!identity.secondFactor) {
    return (
      <>
        <PageMeta title="Verificación en dos pasos" description="Activa la verificación en dos pasos para entrar a la consola del staff." />
        <TwoFactorGate />
      </>
    );
  }
  // The board fills the studio's TV: no console frame around it.
  return (
    <Routes>
      <Route path="clase/pantalla" element={<ClassBoard />} />
      <Route path="*" element={<Console />} />
    </Routes>
  );
}

function Console() {
  return (
    <StaffLayout>
      <PageMeta title="Consola del staff" description="Hoy, clases gratis, miembros, retos, reportes, actividad, proyecciones y correos del estudio." />
      <Routes>
        <Route index element={<TodayPage />} />
        <Route path="actividad" element={<ActivityPage />} />
        <Route path="miembros" element={<MembersPage />} />
        <Route path="miembros/:userId" element={<MemberPage />} />
        <Route path="proyecciones" element={<ProjectionsPage />} />
        <Route path="clases-gratis" element={<BookingsPage />} />
        <Route path="correos" element={<MailPage />} />
        <Route path="retos" element={<ChallengesPage />} />
        <Route path="clase" element={<ClassPage />} />
        <Route path="solicitudes" element={<RightsRequestsPage />} />
        <Route path="medios" element={<MediaPage />} />
        <Route path="horarios" element={<TimetablePage />} />
        <Route path="reportes" element={<ReportsPage />} />
        <Route path="*" element={<Navigate to="/staff" replace />} />
      </Routes>
    </StaffLayout>
  );
}
