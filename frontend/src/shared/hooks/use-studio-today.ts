import { useState } from 'react';
import { studioDateOf, type LocalDate } from '../lib/studio-calendar';

/** Today in El Salvador, fixed for the life of the page so one render never straddles midnight. */
export function useStudioToday(): LocalDate {
  const [today] = useState(() => studioDateOf(new Date()));
  return today;
}
