/**
 * Express tries a request against every route in turn, each with its path-to-regexp matcher, until
 * one matches: with the application's hundred routes, most requests ran about a hundred regular
 * expressions before reaching their own (ADR 0271). Each route's layer now first compares the
 * request's path with the literal text its pattern starts with (`/api/progress/stats`, or
 * `/api/enrollments/` before `:id`), and runs its matcher only when the path starts with it.
 *
 * The answer is always the matcher's own: a path that does not start with the literal text cannot
 * match the pattern, given how Express builds the matcher.
 * - Routes are matched case-insensitively unless the application asks otherwise, with a regular
 *   expression's `i` flag (no `u`): an ASCII letter matches only itself in either case, so the text
 *   is compared with ASCII letters folded and nothing else changed. A case-sensitive application
 *   only makes the comparison accept more than its matcher does.
 * - Express drops a pattern's trailing slashes unless routing is strict, so they are left out of
 *   the text too. The text stops before the first character that is not plainly literal in a
 *   path-to-regexp pattern (parameters, wildcards, groups, escapes).
 */

/** The part of a route pattern that every matching path starts with, lower-cased ('' when too short to help). */
export function literalPrefix(pattern: string): string {
  const end = pattern.search(/[^A-Za-z0-9/_.~-]/);
  const literal = (end === -1 ? pattern : pattern.slice(0, end)).replace(/\/+$/, '');
  return literal.length > 1 ? literal.toLowerCase() : '';
}

/** Whether `path` starts with `prefix` (lower-case ASCII), ASCII letters compared in either case. */
export function startsWithFolded(path: string, prefix: string): boolean {
  if (path.length < prefix.length) return false;
  for (let index = 0; index < prefix.length; index++) {
    let code = path.charCodeAt(index);
    if (code >= 65 && code <= 90) code += 32;
    if (code !== prefix.charCodeAt(index)) return false;
  }
  return true;
}

/** What this module needs of the `router` package's Layer. */
export interface RouteLayer {
  match(path: string | null | undefined): unknown;
  route?: { path?: unknown };
}

const GUARDED = Symbol('pulso.routePrefixGuarded');

/**
 * Gives each route layer of `stack` (an Express router's) its literal-prefix check. Layers without
 * a route (middleware), with a pattern that is not a string, or with no useful literal text are left
 * as they are; a layer already guarded is not guarded twice. Returns how many layers were guarded.
 */
export function guardRoutePrefixes(stack: readonly RouteLayer[]): number {
  let guarded = 0;
  for (const layer of stack) {
    const pattern = layer.route?.path;
    if (typeof pattern !== 'string' || (layer as unknown as Record<symbol, boolean>)[GUARDED]) continue;
    const prefix = literalPrefix(pattern);
    if (prefix === '') continue;
    const match = layer.match;
    layer.match = function matchWhenPrefixed(this: RouteLayer, path: string | null | undefined): unknown {
      return typeof path === 'string' && !startsWithFolded(path, prefix) ? false : match.call(this, path);
    };
    (layer as unknown as Record<symbol, boolean>)[GUARDED] = true;
    guarded++;
  }
  return guarded;
}
