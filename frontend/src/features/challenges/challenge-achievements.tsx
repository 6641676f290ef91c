import { Medal } from 'lucide-react';
import type { ChallengeAchievementDto } from '../../shared/api/generated-api';
import { longDate } from '../../shared/lib/studio-calendar';
import { monthName } from './challenge-format';

/** "Reto completado: <nombre>" with the day it was reached, the most recent first. */
export function ChallengeAchievementList({ achievements }: { achievements: ChallengeAchievementDto[] }) {
  if (achievements.length === 0) return <p className="text-secondary mb-0">Aún no has completado ningún reto. ¡El de este mes puede ser el primero!</p>;
  return (
    <ul className="challenge-achievements">
      {achievements.map((achievement) => (
        <li key={achievement.challengeId}>
          <span className="challenge-achievements__icon" aria-hidden="true">
            <Medal size={20} />
          </span>
          <span>
            <span className="challenge-achievements__title">Reto completado: {achievement.name}</span>
            <span className="challenge-achievements__date">
              {monthName(achievement.month)} · completado el {longDate(achievement.finishedOn)}
            </span>
          </span>
        </li>
      ))}
    </ul>
  );
}
