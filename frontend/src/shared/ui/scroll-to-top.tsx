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

/**
 * Spec section 2: the window scrolls to the top on every route change. An address with a
 * fragment (/#workout) goes to the heading of the section it names instead: on arrival, straight
 * there; after a link within the page (a plain fragment navigation, which the router does not
 * see), with the stylesheet's smooth scrolling.
 */
export function ScrollToTop() {
  const { pathname, hash } = useLocation();
  const shownPath = useRef<string | null>(null);
  useEffect(() => {
    if (!scrollToFragment(hash, shownPath.current === pathname ? 'auto' : 'instant') && shownPath.current !== pathname) window.scrollTo(0, 0);
    shownPath.current = pathname;
  }, [pathname, hash]);
  useEffect(() => {
    const onFragment = () => void scrollToFragment(window.location.hash, 'auto');
    window.addEventListener('hashchange', onFragment);
    return () => window.removeEventListener('hashchange', onFragment);
  }, []);
  return null;
}
