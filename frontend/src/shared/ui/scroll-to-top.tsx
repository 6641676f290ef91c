import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';

/**
 * The element a fragment names, and what to line up: its first heading (a section's title lands
 * right under the fixed bar, not the padding above it), or the element itself.
 */
function fragmentTarget(hash: string): Element | null {
  if (hash.length < 2) return null;
  let id: string;
  try {
    id = decodeURIComponent(hash.slice(1));
  } catch {
    return null;
  }
  const element = document.getElementById(id);
  return element ? (element.matches('h1, h2, h3') ? element : (element.querySelector('h1, h2, h3') ?? element)) : null;
}

/** Scrolls the fragment's target right under the public site's fixed bar; false when it names nothing. */
function scrollToFragment(hash: string, behavior: ScrollBehavior): boolean {
  const target = fragmentTarget(hash);
  if (!target) return false;
  // Nothing is fixed over the platform's pages.
  const barBottom = document.querySelector('.site-navbar')?.getBoundingClientRect().bottom ?? 0;
  window.scrollTo({ top: target.getBoundingClientRect().top + window.scrollY - barBottom, behavior });
  return true;
}

/** A link within the page glides there, unless the visitor asked their system for less motion. */
const withinPage = (): ScrollBehavior => (window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ? 'instant' : 'smooth');

/**
 * Spec section 2: the window scrolls to the top on every route change. An address with a
 * fragment (/#workout) goes to the heading of the section it names instead: on arrival, straight
 * there; after a link within the page (a plain fragment navigation, which the router does not
 * see), smoothly. The page the browser loaded is left where the browser put it (the top, or
 * where a reload or the back button had it): a prerendered page is hydrated a moment after it
 * shows, and a visitor who has scrolled by then keeps their place (and the link under their finger).
 */
export function ScrollToTop() {
  const { pathname, hash } = useLocation();
  const shownPath = useRef<string | null>(null);
  useEffect(() => {
    const loaded = shownPath.current === null;
    const arriving = shownPath.current !== pathname;
    shownPath.current = pathname;
    if (!scrollToFragment(hash, arriving ? 'instant' : withinPage()) && arriving && !loaded) window.scrollTo(0, 0);
  }, [pathname, hash]);
  useEffect(() => {
    const onFragment = () => void scrollToFragment(window.location.hash, withinPage());
    window.addEventListener('hashchange', onFragment);
    return () => window.removeEventListener('hashchange', onFragment);
  }, []);
  return null;
}
