import { PRERENDERED_PAGES } from './public-pages';

/** The member's pages the route-wide checks (accessibility, layout, visual) walk through. */
export const MEMBER_ROUTES = [
  '/training',
  '/training/workouts',
  '/training/plans',
  '/training/calendario',
  '/training/clases',
  '/training/progress',
  '/training/timer',
  '/training/retos',
  '/training/profile',
];

/** The staff console's pages, the studio screen included. */
export const STAFF_ROUTES = [
  '/staff',
  '/staff/horarios',
  '/staff/clases-gratis',
  '/staff/miembros',
  '/staff/retos',
  '/staff/reportes',
  '/staff/actividad',
  '/staff/proyecciones',
  '/staff/correos',
  '/staff/clase',
  '/staff/clase/pantalla',
  '/staff/solicitudes',
  '/staff/medios',
];

/** The public pages: the prerendered ones and the forms to sign up and in. */
export const PUBLIC_ROUTES = [...PRERENDERED_PAGES.map(([path]) => path), '/register', '/login', '/platform-register'];
