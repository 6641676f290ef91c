import type { ProjectionOverviewDto } from '../../shared/api/generated-api';

export interface RequestedGeneration {
  name: string;
  generation: number;
}

export interface TrackedRebuild {
  name: string;
  percent: number;
  done: boolean;
  processed: number;
  total: number;
  eventsPerSecond: number;
  etaSeconds: number | null;
}

/**
 * Progress of the rebuilds staff started: a generation is done once it is the active
 * one (the swap happened), in progress while it is the building one, else waiting.
 */
export function trackRebuilds(
  requested: readonly RequestedGeneration[],
  projections: readonly ProjectionOverviewDto[],
): { items: TrackedRebuild[]; percent: number; done: boolean } {
  const items = requested.map((request): TrackedRebuild => {
    const projection = projections.find((p) => p.name === request.name);
    const done = (projection?.generation ?? 0) >= request.generation;
    const rebuild = projection?.rebuild?.generation === request.generation ? projection.rebuild : undefined;
    const processed = rebuild?.processed ?? 0;
    const total = rebuild?.total ?? 0;
    const percent = done ? 100 : total > 0 ? Math.min(99, Math.floor((processed / total) * 100)) : 0;
    return { name: request.name, percent, done, processed, total, eventsPerSecond: rebuild?.eventsPerSecond ?? 0, etaSeconds: rebuild?.etaSeconds ?? null };
  });
  const percent = items.length ? Math.floor(items.reduce((sum, item) => sum + item.percent, 0) / items.length) : 0;
  return { items, percent, done: items.length > 0 && items.every((item) => item.done) };
}
