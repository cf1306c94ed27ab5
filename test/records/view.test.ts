// The viewer page of a record, in a real headless Chromium: it loads with no console errors and
// fetches nothing, stepping (keys and buttons) changes what it shows, jumping to a hand goes there,
// every text is drawn in the font the page embeds, and a record's strings are shown as text,
// never run as markup.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { CATALOG } from '../../src/catalog/index.js';
import { simArm } from '../../src/experiment/sim.js';
import { viewRecord } from '../../src/library/records.js';
import { replay } from '../../src/library/replay.js';
import { review } from '../../src/library/review.js';
import { simParams } from '../../src/library/simulate.js';
import { Recorder, recordText, withRecorder } from '../../src/records/record.js';
import type { GameEvent } from '../../src/core/trace.js';
import { FONT_FAMILY } from '../../src/io/font.js';
import { bracketed } from '../../src/io/print.js';
import { browserForTests, fontsUsed } from '../support/browser.js';
import { tempDir } from '../support/cli.js';

async function recorded(game: string): Promise<GameEvent[]> {
  const arm = simArm(await simParams({ game }, 1), CATALOG);
  const rec = new Recorder('sim', () => true);
  withRecorder(rec, () => arm.play('view', 0, 0));
  return rec.records[0]!.events;
}

const browser = browserForTests();

const dir = tempDir();

/** The page of `events`, opened, with what it logged as errors and fetched. */
async function open(events: readonly GameEvent[], name: string): Promise<{ page: Page; errors: string[]; fetched: string[] }> {
  const record = path.join(dir, `${name}.jsonl`);
  fs.writeFileSync(record, recordText(events));
  return openPage(viewRecord({ record, html: path.join(dir, `${name}.html`) }).html);
}

/** The page `html`, opened, with what it logged as errors and fetched. */
async function openPage(html: string): Promise<{ page: Page; errors: string[]; fetched: string[] }> {
  const page = await browser().newPage();
  const errors: string[] = [];
  const fetched: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('request', (r) => {
    if (!r.url().startsWith('file:')) fetched.push(r.url());
  });
  await page.goto(pathToFileURL(html).href);
  return { page, errors, fetched };
}

const shown = (page: Page) =>
  page.evaluate(
    () =>
      `${document.getElementById('event')!.textContent}|${document.getElementById('where')!.textContent}|${document.getElementById('seats')!.textContent}`,
  );

describe('the record viewer', () => {
  for (const game of ['nylonppong', 'wolnamppong', 'korean', 'chinese-american', 'american']) {
    it(`${game}: loads without errors, steps forward and back by keys and buttons, jumps to a hand`, async () => {
      const events = await recorded(game);
      const { page, errors, fetched } = await open(events, game);
      expect(await page.textContent('#where')).toBe(`event 1 of ${events.length}`);
      expect(await page.textContent('#event')).toMatch(new RegExp(`^a game of ${game} \\(seed view, game 0\\)$`));
      const before = await shown(page);
      await page.keyboard.press('ArrowRight');
      await page.keyboard.press('ArrowRight');
      await page.keyboard.press('ArrowRight');
      expect(await page.textContent('#where')).toBe(`event 4 of ${events.length}`);
      const after = await shown(page);
      expect(after).not.toBe(before);
      // Some seat holds cards or tiles by now, drawn as glyphs.
      expect(await page.$$eval('.seat .t', (t) => t.length)).toBeGreaterThan(0);
      await page.click('#prev');
      expect(await page.textContent('#where')).toBe(`event 3 of ${events.length}`);
      await page.keyboard.press('End');
      expect(await page.textContent('#event')).toMatch(/^the game ends: seat 0 /);
      await page.click('#first');
      expect(await shown(page)).toBe(before);
      // The second hand (round, cycle) is one choice of the jump list, and a page down away.
      const options = await page.$$eval('#hands option', (o) => o.map((x) => x.textContent));
      expect(options.length).toBeGreaterThan(2);
      await page.selectOption('#hands', '1');
      const jumped = await page.textContent('#where');
      await page.click('#first');
      await page.keyboard.press('PageDown');
      await page.keyboard.press('PageDown');
      expect(await page.textContent('#where')).toBe(jumped);
      expect(await page.textContent('#event')).toMatch(/^(hand 2|round 2|cycle 2)/);
      expect(errors).toEqual([]);
      expect(fetched).toEqual([]);
      // Every text, the cards or tiles of the end included, in the font the page embeds. (Last:
      // the developer tools' look at the page logs an error of their own.)
      await page.keyboard.press('End');
      expect(await fontsUsed(page, 'body')).toEqual([[{ family: FONT_FAMILY, embedded: true }]]);
      await page.close();
    });
  }

  it("a reviewed record's page lists its mistakes with their loss, each a button to its decision, and marks it there", async () => {
    const record = path.join(dir, 'reviewed.jsonl');
    const { events } = await replay({ game: 'wolnamppong', seed: '1', index: 0, format: 'events' });
    fs.writeFileSync(record, recordText(events!));
    const r = await review({
      game: 'wolnamppong',
      record,
      seat: 1,
      budget: 200,
      maxDecisions: 3,
      workers: 1,
      html: path.join(dir, 'reviewed.html'),
    });
    const worse = r.rows.filter((x) => x.verdict === 'worse');
    expect(worse.length).toBeGreaterThan(0);
    const { page, errors, fetched } = await openPage(r.html!);
    const listed = await page.$$eval('#mistakes button', (b) => b.map((x) => x.textContent));
    expect(listed).toEqual(worse.map((x) => `loss ${bracketed(x.loss, x.loss_ci_low, x.loss_ci_high)} chips: ${x.words}`));
    expect(await page.textContent('#mistake')).toBe('');
    await page.click('#mistakes button');
    expect(await page.textContent('#where')).toBe(`event ${worse[0]!.line} of ${events!.length}`);
    expect(await page.textContent('#event')).toMatch(/^seat 1 /);
    expect(await page.textContent('#mistake')).toBe(`A reviewed mistake: ${listed[0]!.replace(/: line .*/, '')}. ${worse[0]!.words}`);
    await page.keyboard.press('ArrowRight');
    expect(await page.textContent('#mistake')).toBe('');
    expect(errors).toEqual([]);
    expect(fetched).toEqual([]);
    await page.keyboard.press('ArrowLeft');
    expect(await fontsUsed(page, 'body')).toEqual([[{ family: FONT_FAMILY, embedded: true }]]);
    await page.close();
  });

  it("shows a record's strings as text: markup in a strategy name or the rules is not run", async () => {
    const events = await recorded('nylonppong');
    const hostile = '</script><script>document.title="pwned"</script><img src=x onerror="document.title=\'pwned\'">';
    const start = { ...events[0]!, seats: (events[0]!.seats as { seat: number }[]).map((s) => ({ seat: s.seat, strategy: hostile })) };
    const { page, errors, fetched } = await open([start, ...events.slice(1)], 'hostile');
    await page.keyboard.press('ArrowRight');
    expect(await page.title()).not.toBe('pwned');
    expect(await page.textContent('#seats')).toContain(hostile);
    expect(await page.$$('img')).toEqual([]);
    expect(errors).toEqual([]);
    expect(fetched).toEqual([]);
    await page.close();
  });
});
