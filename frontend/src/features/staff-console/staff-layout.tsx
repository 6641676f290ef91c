import { useState, type ReactNode } from 'react';
import { Button, Container, Nav, Navbar, Offcanvas } from 'react-bootstrap';
import { Link, NavLink } from 'react-router-dom';
import {
  Activity,
  CalendarCheck,
  CalendarClock,
  ChartColumn,
  DatabaseZap,
  FileLock2,
  HeartPulse,
  Images,
  Inbox,
  LogOut,
  Ticket,
  Trophy,
  Users,
  type LucideIcon,
} from 'lucide-react';
import { useIdentity } from '../../shared/identity/identity';
import { BrandLogo } from '../../shared/ui/brand-logo';

interface NavItem {
  to: string;
  label: string;
  icon: LucideIcon;
  end?: boolean;
}

/**
 * Bootstrap classes react-bootstrap adds at run time to the console's navbar, offcanvas
 * and badges. The production build drops Bootstrap rules whose classes no source file
 * names (vite/purge-bootstrap.ts), so they are named here to be kept.
 */
export const RUNTIME_BOOTSTRAP_CLASSES = [
  'navbar-expand-lg',
  'navbar-dark',
  'navbar-brand',
  'navbar-toggler',
  'navbar-toggler-icon',
  'navbar-nav',
  'navbar-collapse',
  'sticky-top',
  'text-dark',
] as const;

export const STAFF_NAV: readonly NavItem[] = [
  { to: '/staff', label: 'Hoy', icon: CalendarCheck, end: true },
  { to: '/staff/clase', label: 'Clase', icon: HeartPulse },
  { to: '/staff/horarios', label: 'Horarios', icon: CalendarClock },
  { to: '/staff/clases-gratis', label: 'Clases gratis', icon: Ticket },
  { to: '/staff/miembros', label: 'Miembros', icon: Users },
  { to: '/staff/retos', label: 'Retos', icon: Trophy },
  { to: '/staff/reportes', label: 'Reportes', icon: ChartColumn },
  { to: '/staff/medios', label: 'Medios', icon: Images },
  { to: '/staff/actividad', label: 'Actividad', icon: Activity },
  { to: '/staff/proyecciones', label: 'Proyecciones', icon: DatabaseZap },
  { to: '/staff/correos', label: 'Correos', icon: Inbox },
  { to: '/staff/solicitudes', label: 'Solicitudes', icon: FileLock2 },
];

/** The console's own frame: a dark bar with the sections; on a phone they fold into a side panel. */
export function StaffLayout({ children }: { children: ReactNode }) {
  const identity = useIdentity();
  const [open, setOpen] = useState(false);
  const close = () => setOpen(false);
  return (
    <div className="staff-app">
      <Navbar expand="lg" variant="dark" className="staff-topbar" sticky="top">
        <Container fluid="xl">
          <Navbar.Brand as={Link} to="/staff" className="staff-brand" aria-label="PULSO Consola, ir a Hoy">
            <BrandLogo variant="console" />
          </Navbar.Brand>
          <Navbar.Toggle aria-controls="staff-nav" label="Abrir menú de la consola" onClick={() => setOpen(true)} />
          <Navbar.Offcanvas
            id="staff-nav"
            placement="end"
            responsive="lg"
            show={open}
            onHide={close}
            className="staff-offcanvas"
            aria-labelledby="staff-nav-title"
          >
            <Offcanvas.Header closeButton closeVariant="white">
              <Offcanvas.Title id="staff-nav-title">Consola del staff</Offcanvas.Title>
            </Offcanvas.Header>
            <Offcanvas.Body>
              <Nav className="staff-nav" aria-label="Secciones de la consola">
                {STAFF_NAV.map(({ to, label, icon: Icon, end }) => (
                  <Nav.Link key={to} as={NavLink} to={to} end={end} className="staff-nav__link" onClick={close}>
                    <Icon size={17} aria-hidden="true" />
                    <span>{label}</span>
                  </Nav.Link>
                ))}
              </Nav>
              <div className="staff-user">
                <span className="staff-user__name" title={identity.user?.email}>
                  {identity.user ? `${identity.user.firstName} ${identity.user.lastName}`.trim() || identity.user.email : ''}
                </span>
                <button type="button" className="staff-signout" onClick={() => void identity.signOut()}>
                  <LogOut size={16} aria-hidden="true" />
                  <span>Cerrar Sesión</span>
                </button>
              </div>
            </Offcanvas.Body>
          </Navbar.Offcanvas>
        </Container>
      </Navbar>
      <main className="staff-main" id="contenido">
        <Container fluid="xl">{children}</Container>
      </main>
    </div>
  );
}

/** What a signed-in member sees on /staff. */
export function NotAuthorized() {
  return (
    <div className="staff-denied">
      <div className="staff-denied__card" role="alert">
        <h1>No autorizado</h1>
        <p>Esta sección es solo para el personal del estudio. Si trabajas en Pulso, pide a un administrador que te dé acceso.</p>
        <Link to="/training" className="btn btn-primary">
          Ir a mi plataforma
        </Link>
      </div>
    </div>
  );
}

export function PageHeader({ title, subtitle, actions }: { title: string; subtitle?: ReactNode; actions?: ReactNode }) {
  return (
    <div className="staff-page-header">
      <div>
        <h1>{title}</h1>
        {subtitle ? <p className="staff-page-header__sub">{subtitle}</p> : null}
      </div>
      {actions ? <div className="staff-page-header__actions">{actions}</div> : null}
    </div>
  );
}

/** 'Cargar más' under the last page of a cursor-paged list; `as` keeps a list's markup valid. */
export function LoadMore({
  cursor,
  onMore,
  as: Wrapper = 'div',
  listItem = false,
}: {
  cursor: string | null | undefined;
  onMore: (cursor: string) => void;
  as?: 'div' | 'li';
  /** Inside an ARIA list drawn with divs: the button sits in a list item. */
  listItem?: boolean;
}) {
  if (!cursor) return null;
  return (
    <Wrapper className={`text-center my-3${Wrapper === 'li' ? ' list-unstyled' : ''}`} role={listItem ? 'listitem' : undefined}>
      <Button variant="outline-secondary" onClick={() => onMore(cursor)}>
        Cargar más
      </Button>
    </Wrapper>
  );
}
