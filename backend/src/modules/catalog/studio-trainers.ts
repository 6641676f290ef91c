/**
 * The studio's trainers as the public site shows them (spec section 3: fixed in the page). Their
 * ids name the illustrated portraits `/images/trainer-{id}.svg` of the SPA and their places on the
 * landing (`entrenador-{id}`), where a photo uploaded by the staff replaces the portrait (ADR 0300).
 */
export const STUDIO_TRAINERS = [
  { trainerId: 'andres', name: 'Andrés Castillo', position: 'Head Coach · Cofundador' },
  { trainerId: 'gabriela', name: 'Gabriela Rivas', position: 'Entrenadora' },
  { trainerId: 'kevin', name: 'Kevin Hernández', position: 'Entrenador · Boxeo Funcional' },
  { trainerId: 'sofia', name: 'Sofía Menjívar', position: 'Instructora de Yoga' },
] as const;

export function trainerPortraitPath(trainerId: string): string {
  return `/images/trainer-${trainerId}.svg`;
}
