import { expect, test, type Page } from '@playwright/test';
import { newOnboardedMember } from './support/members';

/*
 * A member's first training day against the real backend and its embedded database:
 * sign up, the wizard, the trial page, enrolling in a plan, today's workout on the
 * dashboard, a run timed and saved from the library, the figures refreshed at once on
 * progress (client-side navigation, so only cache invalidation can refresh them), and
 * the profile edited, cancelled and saved.
 */

const PLAN = 'Arranque Pulso';
const FIRST_WORKOUT = 'Activación Express';
const RUN = 'Trote Suave de Base';

/** The members' navigation: the top bar on a desktop, the bottom tab bar on a phone. */
async function goTo(page: Page, name: string) {
  await page
    .getByRole('navigation', { name: /Plataforma de entrenamiento|Navegación inferior/ })
    .getByRole('link', { name, exact: true })
    .filter({ visible: true })
    .first()
    .click();
}

/** Full-page pictures at phone and desktop widths, kept with the test results for review. */
async function screenshots(page: Page, name: string, fullPage = true) {
  const original = page.viewportSize();
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 800 });
    await page.screenshot({ path: `test-results/screens/${name}-${width}.png`, fullPage });
  }
  if (original) await page.setViewportSize(original);
}

function statCard(page: Page, label: string) {
  return page
    .locator('.members-stat')
    .filter({ has: page.locator('.members-stat__label', { hasText: label }) })
    .locator('.members-stat__value');
}

test('a new member enrols, trains, sees the figures at once and edits the profile', async ({ page }) => {
  test.setTimeout(120_000);
  const member = await newOnboardedMember(page, 'Lucía');

  // /subscription explains the trial (greeting Lucía, who chose Femenino, in the feminine); 'Comenzar' leads on,
  // and with no plan yet the dashboard sends to the plans.
  await expect(page.getByRole('heading', { level: 1, name: `¡Bienvenida a Pulso, ${member.firstName}!` })).toBeVisible();
  await expect(page.getByText(/7 días/).first()).toBeVisible();
  await page.getByRole('button', { name: 'Comenzar' }).click();
  await expect(page).toHaveURL(/\/training\/plans$/);
  await expect(page.getByRole('heading', { name: 'Planes de Entrenamiento' })).toBeVisible();
  await screenshots(page, 'plans');

  // The detail modal previews the first workouts; enrolling goes to the dashboard.
  await page.getByRole('button', { name: `Ver detalles de ${PLAN}` }).click();
  const detail = page.getByRole('dialog', { name: PLAN });
  await expect(detail.getByText(FIRST_WORKOUT)).toBeVisible();
  await detail.getByRole('button', { name: 'Comenzar este plan' }).click();
  await expect(page).toHaveURL(/\/training$/);

  // The dashboard greets by first name and shows today's workout of the new plan.
  await expect(page.getByRole('heading', { name: `Hola, ${member.firstName}` })).toBeVisible();
  await expect(page.getByText('¿Lista para entrenar hoy?')).toBeVisible();
  const today = page.locator('section.dashboard-today');
  await expect(today.getByRole('heading', { name: PLAN })).toBeVisible();
  await expect(today.getByRole('heading', { name: FIRST_WORKOUT })).toBeVisible();
  await expect(today.getByText(/^Entrenamiento 1 de \d+$/)).toBeVisible();
  await expect(today.getByRole('link', { name: 'Comenzar Entrenamiento' })).toHaveAttribute('href', /^\/workout\/[^/]+\/plan\/[^/]+\/enrollment\/[^/]+$/);
  await expect(page.getByText('Aún no has registrado entrenamientos. ¡Hoy es un buen día para empezar!')).toBeVisible();
  await screenshots(page, 'dashboard');

  // The plans page now marks the plan as the current one.
  await goTo(page, 'Planes');
  await expect(page.getByRole('region', { name: PLAN }).first()).toContainText('Tu plan actual');
  await expect(page.locator('article.plans-card', { hasText: PLAN }).getByText('Plan Actual')).toBeVisible();

  // A run from the library: timed in the running modal and saved with its real duration.
  await goTo(page, 'Entrenamientos');
  await expect(page.getByRole('heading', { name: 'Biblioteca de Entrenamientos' })).toBeVisible();
  await expect(page.getByRole('link', { name: FIRST_WORKOUT })).toBeVisible();
  await screenshots(page, 'library', false);
  await page.getByRole('group', { name: 'Tipo de entrenamiento' }).getByRole('button', { name: 'Carrera' }).click();
  await page.getByRole('button', { name: RUN }).click();
  const runModal = page.getByRole('dialog', { name: RUN });
  const complete = runModal.getByRole('button', { name: 'Completar' });
  await expect(complete).toBeDisabled();
  await runModal.getByRole('button', { name: 'Iniciar' }).click();
  await expect(runModal.getByRole('timer', { name: 'Tiempo de carrera' })).not.toHaveText('0:00');
  await runModal.getByRole('button', { name: 'Pausar' }).click();
  await expect(runModal.getByText('En pausa')).toBeVisible();
  await complete.click();
  await expect(runModal.getByText('¡Carrera completada!')).toBeVisible();
  // The success screen closes by itself.
  await expect(runModal).toBeHidden();

  // Progress and stats count the run at once, without reloading the page.
  await goTo(page, 'Mi Progreso');
  await expect(page.getByRole('heading', { name: 'Mi Progreso' })).toBeVisible();
  await expect(statCard(page, 'Entrenamientos totales')).toHaveText('1');
  await expect(statCard(page, 'Racha actual')).toHaveText('1 día');
  const history = page.locator('section', { has: page.getByRole('heading', { name: 'Historial Reciente' }) });
  await expect(history.getByText(RUN)).toHaveCount(1);
  await expect(history.getByText('Entrenamiento libre')).toBeVisible();
  await screenshots(page, 'progress');

  // And so does the dashboard's recent activity and its week figure.
  await goTo(page, 'Dashboard');
  const recent = page.locator('section', { has: page.getByRole('heading', { name: 'Actividad reciente' }) });
  await expect(recent.getByText(RUN)).toBeVisible();
  await expect(statCard(page, 'Esta semana')).toHaveText('1');

  // Profile: edit then cancel restores the loaded values; edit then save keeps the new ones.
  await goTo(page, 'Perfil');
  await expect(page.getByRole('heading', { name: 'Mi Perfil' })).toBeVisible();
  await expect(page.getByText('163 cm')).toBeVisible();
  await page.getByRole('button', { name: 'Editar' }).click();
  await page.getByLabel('Altura (cm)').fill('171');
  await page.getByRole('button', { name: 'Cancelar' }).click();
  await expect(page.getByRole('button', { name: 'Editar' })).toBeVisible();
  await expect(page.getByText('163 cm')).toBeVisible();
  await expect(page.getByText('171 cm')).toHaveCount(0);

  await page.getByRole('button', { name: 'Editar' }).click();
  await expect(page.getByLabel('Altura (cm)')).toHaveValue('163');
  await page.getByLabel('Peso (kg)').fill('60');
  await page.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByRole('button', { name: 'Editar' })).toBeVisible();
  await expect(page.getByText('60 kg')).toBeVisible();
  await screenshots(page, 'profile');

  // The saved profile is the server's, not just the page's memory.
  await page.reload();
  await expect(page.getByText('60 kg')).toBeVisible();
  await expect(page.getByText('163 cm')).toBeVisible();
});
