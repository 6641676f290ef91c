import { lazy, Suspense, useState, type ComponentType } from 'react';
import { matchRoutes, Navigate, Outlet, useRoutes, type RouteObject } from 'react-router-dom';
import { LoadingScreen } from '../shared/ui/loading-screen';
import { OfflineBanner } from '../shared/ui/offline-banner';
import { RouteErrorBoundary } from '../shared/ui/route-error-boundary';
import { ScrollToTop } from '../shared/ui/scroll-to-top';
import { PublicLayout } from '../features/marketing/public-layout';
import { RedirectSignedIn } from '../features/auth/redirect-signed-in';
import { RequireSignedIn } from '../features/auth/require-signed-in';
import { IdentityProvider } from '../shared/identity/identity-provider';
import LandingPage from './routes/landing';

const StoreProvider = lazy(() => import('./store-provider'));

type PageLoad = () => Promise<{ default: ComponentType }>;

/** The lazy pages' components once loaded, so a page whose chunk is already here renders without suspending. */
const loadedPages = new Map<PageLoad, ComponentType>();
/** The public pages' route elements and their chunks, for `preloadPage`. */
const pageLoads = new WeakMap<object, PageLoad>();

async function loadPage(load: PageLoad): Promise<{ default: ComponentType }> {
  const module = await load();
  loadedPages.set(load, module.default);
  return module;
}

/** One component per page (a distinct type, so moving between two pages remounts, as with `lazy`). */
function lazyPage(load: PageLoad): ComponentType {
  const Lazy = lazy(() => loadPage(load));
  return function LazyPage() {
    // Decided once per mount: switching between the two later would remount the page.
    const [Loaded] = useState(() => loadedPages.get(load));
    return Loaded ? <Loaded /> : <Lazy />;
  };
}

/**
 * Loads the chunks of the lazy public pages `pathname` renders. A prerendered page is hydrated
 * only after this (main.tsx, ADR 0037): a page still suspended while hydrating would be thrown
 * away and rendered again as soon as anything above it changes (the runtime config arriving).
 */
export async function preloadPage(pathname: string): Promise<void> {
  const loads = (matchRoutes(routes, pathname) ?? []).map((match) => pageLoads.get(match.route.element as object)).filter((load) => load !== undefined);
  await Promise.all(loads.map((load) => loadPage(load)));
}

/**
 * The one route table (spec section 2). Every page but the landing is a lazy chunk, so
 * the public site never downloads the platform, the player, the staff console or an
 * identity SDK. Pages that use the API slice open inside the lazily loaded Redux store
 * (`api: true`); the public pages use neither Redux nor RTK Query (ADR 0034).
 */
function page(load: PageLoad, { api = false }: { api?: boolean } = {}): React.ReactElement {
  const Page = lazyPage(load);
  const content = (
    <Suspense fallback={<LoadingScreen />}>
      <Page />
    </Suspense>
  );
  // Every page inside the boundary: a chunk that cannot arrive shows a state, never a white page (issue 37).
  const element = (
    <RouteErrorBoundary>
      {api ? (
        <Suspense fallback={<LoadingScreen />}>
          <StoreProvider>{content}</StoreProvider>
        </Suspense>
      ) : (
        content
      )}
    </RouteErrorBoundary>
  );
  if (!api) pageLoads.set(element, load);
  return element;
}

/** Pages that talk to the API through the Redux store. */
function apiPage(load: PageLoad): React.ReactElement {
  return page(load, { api: true });
}

function Root() {
  return (
    <RouteErrorBoundary>
      <IdentityProvider>
        <ScrollToTop />
        <OfflineBanner />
        <Outlet />
      </IdentityProvider>
    </RouteErrorBoundary>
  );
}

const publicPages: RouteObject[] = [
  { path: 'memberships', element: page(() => import('./routes/memberships')) },
  { path: 'reserva', element: page(() => import('./routes/reserva')) },
  { path: 'horarios', element: page(() => import('./routes/horarios')) },
  { path: 'contactanos', element: page(() => import('./routes/contactanos')) },
  { path: 'privacidad', element: page(() => import('./routes/privacidad')) },
  { path: 'sistemas', element: page(() => import('./routes/sistemas')) },
  { path: 'workout', element: page(() => import('./routes/training-methods')) },
  { path: 'informacion-especializado', element: page(() => import('./routes/specialised-training')) },
  { path: 'register', element: apiPage(() => import('./routes/free-class')) },
  // The cancel link of a free-class confirmation email: no account needed.
  { path: 'clase-gratis/cancelar', element: apiPage(() => import('./routes/clase-gratis-cancelar')) },
  // An email's one-click opt-out: works signed in or not (ADR 0142).
  { path: 'correo/baja', element: apiPage(() => import('./routes/correo-baja')) },
  {
    // Signed-in members arriving here go to /training (spec section 2). The landing is
    // prerendered: it shows while the identity provider loads (ADR 0038).
    element: <RedirectSignedIn pageWhileLoading />,
    // The first page of most visits: in the entry chunk, no lazy round trip before it renders.
    children: [
      {
        index: true,
        element: (
          <RouteErrorBoundary>
            <LandingPage />
          </RouteErrorBoundary>
        ),
      },
    ],
  },
  {
    element: <RedirectSignedIn />,
    children: [
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
              { path: 'timer', element: apiPage(() => import('./routes/training-timer')) },
              { path: 'retos', element: apiPage(() => import('./routes/training-challenges')) },
              { path: 'calendario', element: apiPage(() => import('./routes/training-calendar')) },
              { path: 'clases', element: apiPage(() => import('./routes/training-classes')) },
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
