import type { Page } from '@playwright/test';

/*
 * What the layout proofs measure in a page (e2e/layout.spec.ts): whether the document scrolls
 * sideways, and which controls a thumb cannot hit. Both run inside the page, on what it shows.
 */

export const MIN_TARGET_PX = 44;

/** How far the document is wider than the window (0 when nothing scrolls sideways). */
export function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(() => Math.max(0, document.documentElement.scrollWidth - document.documentElement.clientWidth));
}

/** The innermost visible elements that reach past the window's right edge: what to fix when the document scrolls sideways. */
export function pastTheEdge(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const edge = document.documentElement.clientWidth;
    const past = [...document.querySelectorAll<HTMLElement>('body *')].filter(
      (element) => element.checkVisibility() && element.getBoundingClientRect().right > edge + 0.5,
    );
    return past
      .filter((element) => !past.some((other) => other !== element && element.contains(other)))
      .slice(0, 5)
      .map(
        (element) =>
          `${element.tagName.toLowerCase()}.${[...element.classList].join('.')} «${(element.textContent ?? '').trim().slice(0, 40)}» (right ${Math.round(element.getBoundingClientRect().right)} px)`,
      );
  });
}

/** The elements whose content runs out of their own box sideways (text that spills past a card), named by tag, class and text. */
export function spillingElements(page: Page, selector: string): Promise<string[]> {
  return page.evaluate((selector) => {
    const out: string[] = [];
    for (const element of document.querySelectorAll<HTMLElement>(selector)) {
      if (!element.checkVisibility()) continue;
      const style = getComputedStyle(element);
      if (style.overflowX !== 'visible') continue;
      if (element.scrollWidth > element.clientWidth + 1) {
        out.push(
          `${element.tagName.toLowerCase()}.${[...element.classList].join('.')} «${(element.textContent ?? '').trim().slice(0, 40)}» (${element.scrollWidth} > ${element.clientWidth} px)`,
        );
      }
    }
    return out;
  }, selector);
}

/**
 * Every visible control whose hit area is under 44×44 px, as "text (w×h px)". The hit area is the
 * control's box; for a radio or a checkbox, its label's box when larger; for a control whose
 * ::before or ::after is laid over a bigger area (Bootstrap's stretched link), that area. Links
 * inside a sentence count too (a thumb meets them all the same). Left out: controls the page hides
 * (display, visibility, aria-hidden, inert, or clipped to 1 px until focused).
 */
export function smallTargets(page: Page): Promise<string[]> {
  return page.evaluate((min) => {
    const CONTROLS =
      'a[href], button, input:not([type="hidden"]), select, textarea, summary, [role="button"], [role="link"], [role="tab"], [role="checkbox"], [role="radio"], [role="switch"], [role="menuitem"]';
    type Box = { width: number; height: number };
    const boxOf = (element: Element): Box => {
      const rect = element.getBoundingClientRect();
      return { width: rect.width, height: rect.height };
    };
    const px = (value: string): number | null => (value.endsWith('px') ? Number.parseFloat(value) : null);

    /** The box of an absolutely positioned ::before/::after laid over the control, if any. */
    const pseudoBoxes = (element: HTMLElement): Box[] => {
      const boxes: Box[] = [];
      for (const pseudo of ['::before', '::after']) {
        const style = getComputedStyle(element, pseudo);
        if (style.content === 'none' || style.content === 'normal' || style.position !== 'absolute') continue;
        const positioned = getComputedStyle(element).position !== 'static' ? element : element.offsetParent;
        if (!positioned) continue;
        const container = positioned.getBoundingClientRect();
        const [top, right, bottom, left] = [style.top, style.right, style.bottom, style.left].map(px);
        const width = left !== null && right !== null ? container.width - left - right : (px(style.width) ?? 0);
        const height = top !== null && bottom !== null ? container.height - top - bottom : (px(style.height) ?? 0);
        boxes.push({ width, height });
      }
      return boxes;
    };

    const hidden = (element: HTMLElement): boolean =>
      !element.checkVisibility({ checkOpacity: false, checkVisibilityCSS: true }) || element.closest('[aria-hidden="true"], [inert]') !== null;

    const name = (element: HTMLElement): string => {
      const text = (
        element.getAttribute('aria-label') ||
        element.textContent ||
        (element as HTMLInputElement).labels?.[0]?.textContent ||
        element.getAttribute('title') ||
        element.tagName
      )
        .replace(/\s+/g, ' ')
        .trim();
      return `${element.tagName.toLowerCase()}${element.getAttribute('type') ? `[${element.getAttribute('type')}]` : ''} «${text.slice(0, 50)}»`;
    };

    const small: string[] = [];
    for (const element of document.querySelectorAll<HTMLElement>(CONTROLS)) {
      if (hidden(element)) continue;
      const own = boxOf(element);
      const isChoice = element instanceof HTMLInputElement && (element.type === 'radio' || element.type === 'checkbox');
      const labels =
        element instanceof HTMLInputElement || element instanceof HTMLSelectElement || element instanceof HTMLTextAreaElement
          ? [...(element.labels ?? [])]
          : [];
      const candidates = [own, ...pseudoBoxes(element), ...(isChoice ? labels.filter((label) => !hidden(label)).map(boxOf) : [])];
      // Clipped to a pixel and not a choice whose label is the target: a skip link until focused, a visually hidden input.
      if (!isChoice && (own.width <= 1 || own.height <= 1)) continue;
      if (candidates.some((box) => box.width >= min - 0.5 && box.height >= min - 0.5)) continue;
      const best = candidates.reduce((a, b) => (Math.min(b.width, b.height) > Math.min(a.width, a.height) ? b : a));
      small.push(`${name(element)} (${Math.round(best.width)}×${Math.round(best.height)} px)`);
    }
    return [...new Set(small)];
  }, MIN_TARGET_PX);
}
