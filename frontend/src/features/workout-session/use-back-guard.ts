import { useCallback, useEffect, useRef } from 'react';
import { useLocation, useNavigate, useNavigationType, type Location } from 'react-router-dom';

const GUARD_KEY = 'pulsoWorkoutInProgress';

function isGuard(state: unknown): boolean {
  return typeof state === 'object' && state !== null && (state as Record<string, unknown>)[GUARD_KEY] === true;
}

/**
 * Whether the tab has an entry before this one to go back to. The Navigation API knows; without
 * it, the router's first entry of a page load is 'default', and the guard's own entry is the
 * last one, so anything more than two entries lies before.
 */
function hasEntryBefore(locationKey: string): boolean {
  const { navigation } = window as { navigation?: { canGoBack?: unknown } };
  if (typeof navigation?.canGoBack === 'boolean') return navigation.canGoBack;
  return locationKey !== 'default' || window.history.length > 2;
}

/** What a page does with the browser's Back: ask ('guard'), let it through ('pass'), or leave it to another hook ('off'). */
export type BackGuardMode = 'guard' | 'pass' | 'off';

/**
 * The browser's Back during a workout (ADR 0311). The app's router cannot hold a history step,
 * so a workout in progress stands on a history entry of its own: its URL pushed once more,
 * marked in the entry's state. Back steps off that entry onto the same page, which asks
 * instead of leaving; staying puts the entry back, leaving takes the step back the member
 * asked for. Where nothing needs protecting ('pass': the preload screen, a finished workout),
 * stepping off the entry goes on back at once, so Back never seems to do nothing.
 */
export function useBackGuard(mode: BackGuardMode, onBack: () => void) {
  const location = useLocation();
  const navigationType = useNavigationType();
  const navigate = useNavigate();
  const previous = useRef<Location>(location);
  const pushedOver = useRef<string | null>(null);
  const asking = useRef(false);
  const latestOnBack = useRef(onBack);
  useEffect(() => {
    latestOnBack.current = onBack;
  });

  const pushGuard = useCallback(
    (over: Location) => {
      // Once per entry: React's development double effects must not stack two.
      if (pushedOver.current === over.key) return;
      pushedOver.current = over.key;
      const state = typeof over.state === 'object' && over.state !== null ? over.state : {};
      navigate({ pathname: over.pathname, search: over.search, hash: over.hash }, { state: { ...state, [GUARD_KEY]: true }, replace: false });
    },
    [navigate],
  );

  useEffect(() => {
    const before = previous.current;
    previous.current = location;
    if (mode === 'off') return;
    const steppedOff =
      navigationType === 'POP' && before.key !== location.key && before.pathname === location.pathname && isGuard(before.state) && !isGuard(location.state);
    if (steppedOff) {
      if (mode === 'guard') {
        asking.current = true;
        latestOnBack.current();
      } else {
        navigate(-1);
      }
      return;
    }
    if (mode === 'guard' && !asking.current && !isGuard(location.state)) pushGuard(location);
  }, [location, mode, navigationType, navigate, pushGuard]);

  return {
    /** Stays on the workout: the entry Back took goes back on. */
    stay() {
      asking.current = false;
      pushedOver.current = null;
      pushGuard(location);
    },
    /** Takes the step back the member asked for; a tab opened on the workout has nowhere back in the app, so it goes to the training page. */
    leave() {
      asking.current = false;
      if (hasEntryBefore(location.key)) navigate(-1);
      else navigate('/training', { replace: true });
    },
  };
}
