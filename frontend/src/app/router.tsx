import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { Navigate, Outlet, useRoutes, type RouteObject } from 'react-router-dom';
import { LoadingScreen } from '../shared/ui/loading-screen';
import { ScrollToTop } from '../shared/ui/scroll-to-top';
import { PublicLayout } from '../features/marketing/public-layout';
import { RedirectSignedIn } from '../features/auth/redirect-signed-in';
import { RequireSignedIn } from '../features/auth/require-signed-in';
import { IdentityProvider } from '../shared/identity/identity-provider';
import LandingPage from './routes/landing';

const StoreProvider = lazy(() => import('./store-provider'));

/**
 * The one route table (spec section 2). Every page but the landing is a lazy chunk, so
 * the public site never downloads the platform, the player, the staff console or an
 * identity SDK. Pages that use the API slice open inside the lazily loaded Redux store
 * (`api: true`); the public pages use neither Redux nor RTK Query (ADR 0034).
 */
function page(load: () => Promise<{ default: ComponentType }>, { api = false }: { api?: boolean } = {}): React.ReactElement {
  const Component: LazyExoticComponent<ComponentType> = lazy(load);
  const element = (
    <Suspense fallback={<LoadingScreen />}>
      <Component />
    </Suspense>
  );
  if (!api) return element;
  return (
    <Suspense fallback={<LoadingScreen />}>
      <StoreProvider>{element}</StoreProvider>
    </Suspense>
  );
}

/** Pages that talk to the API through the Redux store. */
function apiPage(load: () => Promise<{ default: ComponentType }>): React.ReactElement {
  return page(load, { api: true });
}

function Root() {
  return (
    <IdentityProvider>
      <ScrollToTop />
      <Outlet />
    </IdentityProvider>
  );
}

const publicPages: RouteObject[] = [
  { path: 'memberships', element: page(() => import('./routes/memberships')) },
  { path: 'reserva', element: page(() => import('./routes/reserva')) },
  { path: 'contactanos', element: page(() => import('./routes/contactanos')) },
  { path: 'sistemas', element: page(() => import('./routes/sistemas')) },
  { path: 'workout', element: page(() => import('./routes/training-methods')) },
  { path: 'informacion-especializado', element: page(() => import('./routes/specialised-training')) },
  { path: 'register', element: apiPage(() => import('./routes/free-class')) },
  {
    // Signed-in members arriving here go to /training (spec section 2).
    element: <RedirectSignedIn />,
    children: [
      // The first page of most visits: in the entry chunk, no lazy round trip before it renders.
      { index: true, element: <LandingPage /> },
      ...['login/*', 'sign-in/*'].map((path) => ({ path, element: page(() => import('./routes/sign-in')) })),
      ...['platform-register/*', 'sign-up/*'].map((path) => ({ path, element: page(() => import('./routes/sign-up')) })),
    ],
  },
];

const playerPaths = [
  'workout/:workoutId',
  'workout/:workoutId/plan/:planId',
  'workout/:workoutId/enrollment/:enrollmentId',
  'workout/:workoutId/plan/:planId/enrollment/:enrollmentId',
];

export const routes: RouteObject[] = [
  {
    element: <Root />,
    children: [
      { element: <PublicLayout />, children: publicPages },
      { path: 'auth-redirect', element: apiPage(() => import('./routes/auth-redirect')) },
      {
        element: <RequireSignedIn />,
        children: [
          { path: 'onboarding', element: apiPage(() => import('./routes/onboarding')) },
          { path: 'subscription', element: apiPage(() => import('./routes/subscription')) },
          {
            path: 'training',
            children: [
              { index: true, element: apiPage(() => import('./routes/training-dashboard')) },
              { path: 'profile', element: apiPage(() => import('./routes/training-profile')) },
              { path: 'plans', element: apiPage(() => import('./routes/training-plans')) },
              { path: 'workouts', element: apiPage(() => import('./routes/training-workouts')) },
              { path: 'progress', element: apiPage(() => import('./routes/training-progress')) },
            ],
          },
          ...playerPaths.map((path) => ({ path, element: apiPage(() => import('./routes/workout-session')) })),
          { path: 'staff/*', element: apiPage(() => import('./routes/staff')) },
        ],
      },
      { path: '*', element: <Navigate to="/" replace /> },
    ],
  },
];

/** Plain `<BrowserRouter>` + `useRoutes` rather than a data router: nothing here uses loaders or actions, and it is lighter. */
export function AppRoutes() {
  return useRoutes(routes);
}
