import type { Gender } from './labels';

/**
 * Spanish adjectives agree with the person addressed. The profile's gender picks the
 * ending; 'Otro' or an unknown gender gets a phrasing with no gendered word at all,
 * so nobody is greeted with the wrong ending.
 */
interface AgreeingText {
  female: string;
  male: string;
  neutral: string;
}

function agreeWith(gender: Gender | '' | null | undefined, text: AgreeingText): string {
  if (gender === 'female') return text.female;
  if (gender === 'male') return text.male;
  return text.neutral;
}

export function welcomeToPulso(name: string, gender: Gender | '' | null | undefined): string {
  return agreeWith(gender, {
    female: `¡Bienvenida a Pulso, ${name}!`,
    male: `¡Bienvenido a Pulso, ${name}!`,
    neutral: `¡Te damos la bienvenida a Pulso, ${name}!`,
  });
}

export function readyToTrainPrompt(gender: Gender | '' | null | undefined): string {
  return agreeWith(gender, {
    female: '¿Lista para entrenar hoy?',
    male: '¿Listo para entrenar hoy?',
    neutral: '¿Con ganas de entrenar hoy?',
  });
}
