import { createContext, useContext, useEffect } from 'react';

interface PageMetaProps {
  title: string;
  description: string;
}

export interface PageMetaValues {
  title: string;
  description: string;
}

const SITE = 'Pulso';

const fullTitleOf = (title: string) => (title.includes(SITE) ? title : `${title} | ${SITE}`);

/**
 * Where the prerender (src/entry-server.tsx) collects a page's title and description while
 * rendering it, to write them into the page's <head>. Absent in the browser.
 */
export const PageMetaSink = createContext<((values: PageMetaValues) => void) | null>(null);

function setMeta(selector: string, attribute: 'name' | 'property', key: string, content: string) {
  let element = document.head.querySelector<HTMLMetaElement>(selector);
  if (!element) {
    element = document.createElement('meta');
    element.setAttribute(attribute, key);
    document.head.appendChild(element);
  }
  element.content = content;
}

/**
 * Per-page title, description and Open Graph tags (index.html carries the landing's,
 * for crawlers that do not run JavaScript; the prerendered pages carry their own). Renders nothing.
 */
export function PageMeta({ title, description }: PageMetaProps) {
  const sink = useContext(PageMetaSink);
  sink?.({ title: fullTitleOf(title), description });
  useEffect(() => {
    const fullTitle = fullTitleOf(title);
    document.title = fullTitle;
    setMeta('meta[name="description"]', 'name', 'description', description);
    setMeta('meta[property="og:title"]', 'property', 'og:title', fullTitle);
    setMeta('meta[property="og:description"]', 'property', 'og:description', description);
    setMeta('meta[property="og:url"]', 'property', 'og:url', window.location.origin + window.location.pathname);
    let canonical = document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]');
    if (!canonical) {
      canonical = document.createElement('link');
      canonical.rel = 'canonical';
      document.head.appendChild(canonical);
    }
    canonical.href = window.location.origin + window.location.pathname;
  }, [title, description]);
  return null;
}
