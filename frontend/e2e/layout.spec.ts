import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { completeWizard, signUp } from './support/members';
import { enrolAuthenticator, grantStaffRole, signInStaff } from './support/staff';
import { horizontalOverflow, pastTheEdge, smallTargets, spillingElements } from './support/layout';
import { MEMBER_ROUTES, STAFF_ROUTES as ALL_STAFF_ROUTES, PUBLIC_ROUTES } from './support/routes';

/*
 * Layout proofs (issue 37, point 4): every route of the three faces at 320, 375 and 1280 px has
 * no horizontal overflow, and at 375 px every control a thumb needs has a hit area of at least
 * 44×44 px (radios and checkboxes through their labels). The pages hold the longest names the
 * catalogue has (a plan, a workout) and a member whose name is 60 characters long, in the
 * member's pages and in the console; the staff recovery codes read one per line, monospaced.
 */

const WIDTHS = [320, 375, 1280] as const;
const PHONE = 375;
const heightOf = (width: number) => (width === 1280 ? 800 : 740);

/** 60 characters with the space between them: the longest name the layout has to hold. */
const LONG_FIRST_NAME = 'María de los Ángeles Guadalupe';
const LONG_LAST_NAME = 'Hernández Castañeda de la Paz';

// The studio screen is drawn for the studio's 1920 px display, not for phones and laptops.
const STAFF_ROUTES = ALL_STAFF_ROUTES.filter((path) => path !== '/staff/clase/pantalla');

/** Cards and sections whose text must stay inside them, at every width. */
const CONTAINERS = '.members-card, .dashboard-plan, .library-card, .staff-card, .staff-booking, .staff-2fa__card';

interface Problems {
  where: string;
  overflow: number;
  /** What reaches past the edge when the page overflows, to say where to look. */
  pastTheEdge: string[];
  spilling: string[];
  small: string[];
}

async function problemsAt(page: Page, where: string, width: number): Promise<Problems> {
  await page.waitForLoadState('networkidle');
  const overflow = await horizontalOverflow(page);
  return {
    where: `${where} @ ${width}`,
    overflow,
    pastTheEdge: overflow > 0 ? await pastTheEdge(page) : [],
    spilling: await spillingElements(page, CONTAINERS),
    small: width === PHONE ? await smallTargets(page) : [],
  };
}

function clean(where: string, width: number): Problems {
  return { where: `${where} @ ${width}`, overflow: 0, pastTheEdge: [], spilling: [], small: [] };
}

/** The page as shown now, at each width (what is on screen stays: a wizard step, the codes shown once). */
async function checkInPlace(page: Page, where: string, ready: () => Promise<void> = async () => undefined): Promise<void> {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: heightOf(width) });
    await ready();
    expect.soft(await problemsAt(page, where, width)).toEqual(clean(where, width));
  }
}

/** Each route loaded afresh at each width, once its first heading shows. */
async function checkRoutes(page: Page, routes: readonly string[], ready: (page: Page, path: string) => Promise<void> = async () => undefined): Promise<void> {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: heightOf(width) });
    for (const path of routes) {
      await page.goto(path);
      await expect(page.locator('h1').first()).toBeVisible();
      await ready(page, path);
      expect.soft(await problemsAt(page, path, width)).toEqual(clean(path, width));
    }
  }
}

async function memberToken(request: APIRequestContext, email: string, password: string): Promise<string> {
  const response = await request.post('/api/identity/sign-in', { data: { email, password } });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { session: { accessToken: string } }).session.accessToken;
}

const longest = <T extends { title: string }>(items: T[]): T => items.reduce((a, b) => (b.title.length > a.title.length ? b : a));

/** The member of the members' test, whose page the console's test visits too (the tests run in this order, one worker). */
let memberId = '';

test('the public pages fit 320, 375 and 1280 px, with thumb-sized controls', async ({ page }) => {
  test.setTimeout(240_000);
  await checkRoutes(page, PUBLIC_ROUTES);
});

test('the members’ pages, with the catalogue’s longest names and a 60-character name, fit every width', async ({ page, request }) => {
  test.setTimeout(420_000);
  expect(`${LONG_FIRST_NAME} ${LONG_LAST_NAME}`).toHaveLength(60);
  const email = `layout.${Date.now()}@example.com`;
  const member = await signUp(page, LONG_FIRST_NAME, email, LONG_LAST_NAME);
  // Plans wait for the wizard, as the dashboard does.
  await page.goto('/training/plans');
  await expect(page).toHaveURL(/\/onboarding$/);

  // The wizard, step by step: each step at every width before answering it.
  await completeWizard(page, (step) => checkInPlace(page, `/onboarding (${step})`));
  await checkInPlace(page, '/subscription');

  // Enrolled in the plan with the longest title and one more (the dashboard then offers to switch),
  // and the workout with the longest title trained once, so it heads the recent activity.
  const token = await memberToken(request, member.email, member.password);
  memberId = (JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { sub: string }).sub;
  const headers = { Authorization: `Bearer ${token}` };
  const { plans } = (await (await request.get('/api/plans', { headers })).json()) as { plans: Array<{ _id: string; title: string }> };
  const longPlan = longest(plans);
  for (const plan of [longPlan, plans.find((candidate) => candidate._id !== longPlan._id)!]) {
    expect((await request.post('/api/enrollments', { headers, data: { planId: plan._id } })).ok()).toBe(true);
  }
  const { workouts } = (await (await request.get('/api/workouts', { headers })).json()) as {
    workouts: Array<{ _id: string; title: string; estDurationSec: number }>;
  };
  const longWorkout = longest(workouts);
  const completed = await request.post('/api/progress/complete', {
    headers,
    data: { workoutId: longWorkout._id, planId: null, enrollmentId: null, durationSec: longWorkout.estDurationSec },
  });
  expect(completed.ok(), await completed.text()).toBe(true);

  await checkRoutes(page, MEMBER_ROUTES, async (page, path) => {
    if (path === '/training') await expect(page.locator('.dashboard-recent')).toContainText(longWorkout.title);
  });

  // The desktop menu holds every section, 'Retos' included, and 'Cerrar Sesión' in words, on one line from 992 px on;
  // on a phone the top bar keeps the words too.
  for (const width of [992, 1024, 1280, PHONE]) {
    await page.setViewportSize({ width, height: heightOf(width) });
    await page.goto('/training');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    if (width !== PHONE) await expect(page.getByRole('navigation', { name: 'Plataforma de entrenamiento' }).getByRole('link', { name: 'Retos' })).toBeVisible();
    const words = await page.getByRole('button', { name: 'Cerrar Sesión' }).locator('span').boundingBox();
    expect(words?.width ?? 0, `'Cerrar Sesión' at ${width} px`).toBeGreaterThan(60);
    expect(await horizontalOverflow(page), `menu at ${width} px`).toBe(0);
  }
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.getByRole('navigation', { name: 'Plataforma de entrenamiento' }).getByRole('link', { name: 'Retos' }).click();
  await expect(page).toHaveURL(/\/training\/retos$/);

  // The player: its preload screen, then running.
  await page.goto(`/workout/${longWorkout._id}`);
  await expect(page.getByRole('heading', { name: longWorkout.title })).toBeVisible();
  await expect(page.getByRole('status')).toContainText('Videos listos.');
  await checkInPlace(page, '/workout (preload)');
  await page.getByRole('button', { name: 'Comenzar entrenamiento' }).click();
  await expect(page.getByRole('timer', { name: 'Tiempo restante' })).toBeVisible();
  await checkInPlace(page, '/workout (player)');
});

test('the staff console, with that member and a 60-character booking, fits every width', async ({ page, request }) => {
  test.setTimeout(420_000);
  const schedule = (await (await request.get('/api/free-class/schedule')).json()) as { days: { date: string; slots: string[] }[] };
  const { date, slots } = schedule.days[0]!;
  const booked = await request.post('/api/users/register', {
    headers: { 'X-Forwarded-For': '203.0.113.37' },
    data: {
      name: LONG_FIRST_NAME,
      lastname: LONG_LAST_NAME,
      dui: '045678913',
      email: `reserva.larga.${Date.now()}@example.com`,
      cellphone: '+50370123456',
      date,
      time: slots[0],
    },
  });
  expect(booked.ok(), await booked.text()).toBe(true);

  await signInStaff(page, request);
  const routes = [...STAFF_ROUTES, ...(memberId ? [`/staff/miembros/${memberId}`] : [])];
  await checkRoutes(page, routes, async (page, path) => {
    if (path === '/staff/clases-gratis') {
      await page.getByLabel('Fecha de la clase').fill(date);
      // The desk reads and dials the phone as the studio writes it.
      const phone = page.getByRole('article', { name: `${LONG_FIRST_NAME} ${LONG_LAST_NAME}` }).getByRole('link', { name: '+503 7012-3456', exact: true });
      await expect(phone).toHaveAttribute('href', 'tel:+50370123456');
    }
    if (path === '/staff/proyecciones') {
      // Every read model the server runs has a Spanish name and a line on what it feeds; the table's name is secondary.
      const cards = page.locator('.staff-card[aria-label^="Proyección"]');
      await expect(cards.first()).toBeVisible();
      const described = await cards.evaluateAll((elements) =>
        elements.map((card) => ({
          title: card.querySelector('h2')?.textContent ?? '',
          line: card.querySelector('p.staff-card__text')?.textContent?.trim() ?? '',
          technical: card.querySelector('.staff-projection__technical')?.textContent ?? '',
        })),
      );
      for (const card of described) {
        expect.soft(card.title, card.technical || card.title).not.toMatch(/_|^[a-z]+$/);
        expect.soft(card.line.length, card.technical || card.title).toBeGreaterThan(20);
        expect.soft(card.technical, card.title).toMatch(/^[a-z_]+$/);
      }
    }
  });
  // The board is a screen of its own for the studio's TV, shown at the desktop's width only.
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/staff/clase/pantalla');
  await page.waitForLoadState('networkidle');
  expect(await horizontalOverflow(page)).toBe(0);
});

test('a new staff member’s recovery codes read one per line, monospaced, at every width', async ({ page }) => {
  test.setTimeout(180_000);
  const staff = await signUp(page, 'Marisol');
  await grantStaffRole(staff.email);
  await enrolAuthenticator(page, staff.email, async () => {
    const codes = page.getByRole('list', { name: 'Códigos de recuperación' }).getByRole('listitem');
    await checkInPlace(page, 'códigos de recuperación', async () => {
      const layout = await codes.evaluateAll((items) =>
        items.map((item) => {
          const code = item.querySelector('code')!;
          return { left: Math.round(item.getBoundingClientRect().left), lines: code.getClientRects().length, font: getComputedStyle(code).fontFamily };
        }),
      );
      expect(layout).toHaveLength(10);
      // One column (every code starts at the same left edge), each code on one line, in a monospaced face.
      expect(new Set(layout.map((item) => item.left)).size).toBe(1);
      for (const item of layout) {
        expect(item.lines).toBe(1);
        expect(item.font).toMatch(/mono/i);
      }
      const tops = await codes.evaluateAll((items) => items.map((item) => item.getBoundingClientRect().top));
      expect([...tops].sort((a, b) => a - b)).toEqual(tops);
    });
  });
});
