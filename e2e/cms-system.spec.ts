import { axeViolations, expect, seriousOrCritical, test, transitionsEnded, watchConsole, WCAG_A_AA } from "./fixtures";

/**
 * D164: the system page of a running server. The server's own heartbeat puts it in the processes table, the embedded
 * database and the stored files have their sizes, and the last backup is the daily one that a new install's first
 * start makes (the queue runs a schedule's latest missed slot).
 */
test.use({ baseURL: async ({ adminServer }, use) => use(adminServer.url) });

test("System: the running process, the sizes and the first daily backup, in both themes, without axe violations", async ({
  adminPage: page,
}) => {
  const errors = watchConsole(page);
  await page.goto("/cms/system");
  await expect(page.getByRole("heading", { name: "System", level: 1 })).toBeVisible();
  const processes = page.getByRole("table", { name: "Processes" });
  await expect(processes.getByRole("row").filter({ hasText: "Answered this page" })).toHaveCount(1);
  await expect(processes.getByRole("row").nth(1)).toContainText("Runs the site, the games, jobs");
  await expect(page.getByRole("region", { name: "Database" })).toContainText("Embedded (PGlite)");
  await expect(
    page
      .getByRole("region", { name: "Database" })
      .getByText(/^\d+(\.\d)? MB$/)
      .first(),
  ).toBeVisible();
  await expect(page.getByRole("region", { name: "Storage" }).getByText(/^\d+(\.\d)? (KB|MB)$/)).toBeVisible();
  await expect(async () => {
    await page.reload();
    await expect(page.getByRole("region", { name: "Last backup" })).toContainText(/arcadium-\d{8}-\d{6}Z\.tar\.gz/, {
      timeout: 1000,
    });
  }).toPass({ timeout: 30_000 });
  await expect(page.getByRole("region", { name: "Last backup" }).getByText(/^\d+(\.\d)? (KB|MB)$/)).toBeVisible();
  await expect(page.getByText("No backup yet")).toHaveCount(0);
  expect(seriousOrCritical(await axeViolations(page, { tags: WCAG_A_AA, include: "main" }), "/cms/system")).toEqual([]);
  await page.evaluate(() => document.documentElement.classList.add("dark"));
  // buttons and rows ease into the dark theme's colours (transition-colors)
  await transitionsEnded(page);
  expect(
    seriousOrCritical(await axeViolations(page, { tags: WCAG_A_AA, include: "main" }), "/cms/system dark"),
  ).toEqual([]);
  expect(errors).toEqual([]);
});
