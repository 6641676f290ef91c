import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { LandingImage } from './landing-image';
import type { Trainer } from './trainers';

/** Half of the 0.7 s change of spec section 4: the old trainer fades out, then the new one fades in. */
export const TRAINER_FADE_HALF_MS = 350;

/** One trainer at a time; both arrows wrap around (spec section 4). */
export function TrainerCarousel({ trainers }: { trainers: Trainer[] }) {
  const [index, setIndex] = useState(0);
  const [visible, setVisible] = useState(true);
  // Where the carousel is heading, so quick repeated clicks add up instead of being lost mid-fade.
  const target = useRef(0);
  const timer = useRef<number | undefined>(undefined);
  const trainer = trainers[index];

  useEffect(() => () => window.clearTimeout(timer.current), []);

  const go = (step: number) => {
    target.current = (target.current + step + trainers.length) % trainers.length;
    setVisible(false);
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => {
      setIndex(target.current);
      setVisible(true);
    }, TRAINER_FADE_HALF_MS);
  };

  return (
    <div className="trainer" aria-roledescription="carrusel" aria-label="Entrenadores">
      <LandingImage slot={`entrenador-${trainer.id}`} className={`trainer__portrait trainer__fade${visible ? '' : ' is-hidden'}`}>
        <img src={trainer.image} alt={`Retrato de ${trainer.name}`} width={480} height={600} loading="lazy" decoding="async" />
      </LandingImage>
      <div>
        <div className={`trainer__fade${visible ? '' : ' is-hidden'}`} aria-live="polite">
          <p className="trainer__position mb-0">{trainer.position}</p>
          <h3 className="trainer__name">{trainer.name}</h3>
          <p className="text-on-dark-muted fs-5 mb-0">{trainer.description}</p>
        </div>
        <div className="trainer__controls">
          <button type="button" className="round-button" onClick={() => go(-1)} aria-label="Entrenador anterior">
            <ChevronLeft size={22} aria-hidden="true" />
          </button>
          <button type="button" className="round-button" onClick={() => go(1)} aria-label="Siguiente entrenador">
            <ChevronRight size={22} aria-hidden="true" />
          </button>
          <span className="trainer__counter" aria-hidden="true">
            {String(index + 1).padStart(2, '0')} / {String(trainers.length).padStart(2, '0')}
          </span>
        </div>
      </div>
    </div>
  );
}
