import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { newOnboardedMember } from './support/members';

/*
 * Mi Progreso's activity chart (issue 37, point 5): with six workouts this week the week's
 * column is drawn, and hovering any column shows a tooltip that names that column's period and
 * its figure in Spanish typography ("Entrenamientos: 6"), the figure the page's table gives it.
 */

async function signInToken(request: APIRequestContext, email: string, password: string): Promise<string> {
  const response = await request.post('/api/identity/sign-in', { data: { email, password } });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { session: { accessToken: string } }).session.accessToken;
}

/** The labels under the columns (recharts draws them in a layer of their own, apart from the tick marks). */
const AXIS_LABELS = '.recharts-xAxis-tick-labels .recharts-cartesian-axis-tick-value';

/** The rows of the chart's accessible table: each column's period and figure, in order. */
async function tableRows(page: Page): Promise<Array<{ period: string; figure: string }>> {
  return page
    .getByRole('table', { name: /^Entrenamientos por (semana|mes)$/ })
    .locator('tbody tr')
    .evaluateAll((rows) => rows.map((row) => ({ period: row.querySelector('th')?.textContent ?? '', figure: row.querySelector('td')?.textContent ?? '' })));
}

/** Hovers the chart above the axis label of column `index`, where its bar is or would be. */
async function hoverColumn(chart: Locator, index: number): Promise<void> {
  const tick = await chart.locator(AXIS_LABELS).nth(index).boundingBox();
  const area = await chart.boundingBox();
  if (!tick || !area) throw new Error('chart not drawn');
  await chart.page().mouse.move(tick.x + tick.width / 2, area.y + area.height / 2);
}

test('the week chart draws this week’s six workouts, and each tooltip names the column it describes', async ({ page, request }) => {
  test.setTimeout(120_000);
  const member = await newOnboardedMember(page, 'Paola');
  const headers = { Authorization: `Bearer ${await signInToken(request, member.email, member.password)}` };
  const { workouts } = (await (await request.get('/api/workouts', { headers })).json()) as { workouts: Array<{ _id: string }> };
  for (let index = 0; index < 6; index += 1) {
    const done = await request.post('/api/progress/complete', {
      headers,
      data: { workoutId: workouts[index]!._id, planId: null, enrollmentId: null, durationSec: 600 },
    });
    expect(done.ok(), await done.text()).toBe(true);
  }

  await page.goto('/training/progress');
  const chart = page.locator('.progress-chart');
  await expect(chart.locator(AXIS_LABELS)).toHaveCount(4);
  expect((await tableRows(page)).map((row) => row.figure)).toEqual(['0', '0', '0', '6']);
  // This week's column is the fourth, and it is drawn: a bar as tall as six workouts, the only one.
  const bars = chart.locator('.recharts-bar-rectangle path');
  await expect(bars).toHaveCount(1);
  const bar = await bars.first().boundingBox();
  const thisWeek = await chart.locator(AXIS_LABELS).nth(3).boundingBox();
  expect(bar!.height).toBeGreaterThan(100);
  expect(Math.abs(bar!.x + bar!.width / 2 - (thisWeek!.x + thisWeek!.width / 2))).toBeLessThan(4);

  const tooltip = page.locator('.progress-chart__tooltip');
  await hoverColumn(chart, 3);
  await expect(tooltip).toContainText(/^Semana del \d+( [a-z]{3})? al \d+ [a-z]{3}Entrenamientos: 6$/);

  // Month by month: every column's tooltip names that column's month, with the figure the table gives it.
  await page.getByRole('group', { name: 'Agrupar por' }).getByRole('button', { name: 'Mensual' }).click();
  await expect(chart.locator(AXIS_LABELS)).toHaveCount(6);
  const months = await tableRows(page);
  expect(months.map((row) => row.figure)).toEqual(['0', '0', '0', '0', '0', '6']);
  for (const [index, month] of months.entries()) {
    await hoverColumn(chart, index);
    const [short, year] = month.period.split(' ');
    await expect(tooltip.locator('.progress-chart__tooltip-title')).toHaveText(new RegExp(`^${short}[a-z]* de ${year}$`));
    await expect(tooltip.locator('.progress-chart__tooltip-value')).toHaveText(`Entrenamientos: ${month.figure}`);
  }
});
