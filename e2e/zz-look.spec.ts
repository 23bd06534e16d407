import { expect, test } from './support/fixtures.ts';
test('look', async ({ page, sandbox, signInAs }) => {
  test.setTimeout(120_000);
  await signInAs('admin');
  const list = await sandbox.api<{ courseGroups: { id: string; courseCount: number }[] }>(
    'GET',
    '/courseGroups?perPage=50',
  );
  const rich = list.courseGroups.find((g) => g.courseCount >= 2)!;
  await page.setViewportSize({ width: 390, height: 844 });
  const pages = [
    '/course-groups',
    `/course-groups/${rich.id}`,
    '/learning-paths',
    '/events',
    '/admin/roles',
    '/admin/audit',
    '/editor/new',
    '/nope',
  ];
  for (const path of pages) {
    for (const [w, h] of [
      [390, 844],
      [640, 400],
    ] as const) {
      await page.setViewportSize({ width: w, height: h });
      await page.goto(path);
      await page.waitForTimeout(1500);
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      console.log(w, path, width);
      await page.screenshot({
        path: `/tmp/look/m${w}${path.replace(/\//g, '_').slice(0, 30)}.png`,
      });
    }
  }
});
