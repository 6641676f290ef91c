import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { createBrowserRouter, Navigate, Outlet, type RouteObject } from 'react-router-dom';
import { LoadingScreen } from '../shared/ui/loading-screen';
import { ScrollToTop } from '../shared/ui/scroll-to-top';
import { PublicLayout } from '../features/marketing/public-layout';
import { RedirectSignedIn } from '../features/auth/redirect-signed-in';
import { RequireSignedIn } from '../features/auth/require-signed-in';
import { IdentityProvider } from '../shared/identity/identity-provider';

/**
 * The one route table (spec section 2). Every page is a lazy chunk, so the public
 * site never downloads the platform, the player, the staff console or an identity SDK.
 */
function page(load: () => Promise<{ default: ComponentType }>): React.ReactElement {
  const Component: LazyExoticComponent<ComponentType> = lazy(load);
  return (
    <Suspense fallback={<LoadingScreen />}>
      <Component />
    </Suspense>
  );
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
  { path: 'register', element: page(() => import('./routes/free-class')) },
  {
    // Signed-in members arriving here go to /training (spec section 2).
    element: <RedirectSignedIn />,
    children: [
      { index: true, element: page(() => import('./routes/landing')) },
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
      { path: 'auth-redirect', element: page(() => import('./routes/auth-redirect')) },
      {
        element: <RequireSignedIn />,
        children: [
          { path: 'onboarding', element: page(() => import('./routes/onboarding')) },
          { path: 'subscription', element: page(() => import('./routes/subscription')) },
          {
            path: 'training',
            children: [
              { index: true, element: page(() => import('./routes/training-dashboard')) },
              { path: 'profile', element: page(() => import('./routes/training-profile')) },
              { path: 'plans', element: page(() => import('./routes/training-plans')) },
              { path: 'workouts', element: page(() => import('./routes/training-workouts')) },
              { path: 'progress', element: page(() => import('./routes/training-progress')) },
            ],
          },
          ...playerPaths.map((path) => ({ path, element: page(() => import('./routes/workout-session')) })),
          { path: 'staff/*', element: page(() => import('./routes/staff')) },
        ],
      },
      { path: '*', element: <Navigate to="/" replace /> },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
