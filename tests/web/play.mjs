// The web table in a real browser (issue 24): two players, each in his own headless Chromium
// context inside a fake Telegram Mini App, open a table, join, start and play a whole game by
// clicking the page's buttons — nothing else talks to the server. Run by
// adapters/web/tests/browser.rs, which starts the server and signs the players' initData.
//
// Input (env SCHOCKEN_PLAY or the first argument, JSON):
//   {"url": "http://127.0.0.1:PORT/", "start_param": TOKEN,
//    "players": [{"name", "init_data", "user": {...}, "auth_date", "viewport": {"width", "height"}}, …]}
// Env: CHROMIUM (default /usr/bin/chromium), SCHOCKEN_SCREENSHOTS (a directory: lobby.png,
// table.png, reveal.png).
//
// Checked on the way (R-RND-4, hidden cups): a page shows only its own cup ("Dein Becher", and
// its socket only its own user's cup); in the public list #players every die that a player's
// own page shows under his cup is a covered die "?" on every page, his own included — compared
// whenever both pages drew the same public table, die by die by their aria-labels, set-aside
// and open dice as the table shows them. Every die is an SVG picture with a label; a Mini App
// shows none of the local keyboard's controls; the finished game shows the verify link #verify,
// and the record it downloads has the commitment the page showed before the first throw.
// Exit code 0 on success; otherwise 1 and what went wrong. SCHOCKEN_PLAY_VERBOSE=1 logs each
// click.

import { chromium } from 'playwright-core';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const MAX_CLICKS = 600;
const MAX_MS = 5 * 60 * 1000;
/** How long a page may stay without a new frame while the game waits for it. */
const QUIET_MS = 10_000;
const COVERED = 'verdeckter Würfel';
const DIE_LABEL = /^(Würfel [1-6](, rausgelegt)?|verdeckter Würfel)$/;

class Failure extends Error {}

function fail(message) {
  throw new Failure(message);
}

function readSetup() {
  const text = process.argv[2] ?? process.env.SCHOCKEN_PLAY;
  if (!text) fail('no setup: pass the JSON in SCHOCKEN_PLAY or as the first argument');
  const setup = JSON.parse(text);
  if (!setup.url || !setup.start_param || !Array.isArray(setup.players) || setup.players.length !== 2) {
    fail('the setup needs url, start_param and two players');
  }
  return setup;
}

/**
 * Runs in each page before its own scripts: a fake `Telegram.WebApp` (what the Telegram client
 * gives a Mini App) and a watcher of the socket's frames (it only listens; the page's own
 * listener draws them).
 */
function fakeTelegram({ initData, user, startParam, authDate, userId }) {
  const seen = {
    frames: 0,
    states: 0,
    notices: [],
    last: null,
    problems: [],
    telegram: { ready: 0, expand: 0 },
  };
  window.__e2e = seen;
  const noop = () => {};
  const button = { isVisible: false, setText: noop, show: noop, hide: noop, onClick: noop, offClick: noop };
  window.Telegram = {
    WebApp: {
      initData,
      initDataUnsafe: { user, auth_date: String(authDate), start_param: startParam, chat_type: 'private' },
      version: '8.0',
      platform: 'tdesktop',
      colorScheme: 'light',
      themeParams: {},
      isExpanded: true,
      viewportHeight: window.innerHeight,
      ready() { seen.telegram.ready += 1; },
      expand() { seen.telegram.expand += 1; },
      close: noop,
      onEvent: noop,
      offEvent: noop,
      sendData: noop,
      MainButton: button,
      BackButton: { ...button },
      HapticFeedback: { impactOccurred: noop, notificationOccurred: noop, selectionChanged: noop },
    },
  };
  const Native = window.WebSocket;
  window.WebSocket = class extends Native {
    constructor(...args) {
      super(...args);
      this.addEventListener('message', (event) => {
        let frame;
        try { frame = JSON.parse(event.data); } catch { return; }
        seen.frames += 1;
        if (frame.type === 'notice') seen.notices.push(frame.text);
        if (frame.type !== 'state') return;
        seen.states += 1;
        seen.last = frame;
        // R-RND-4 on the wire: a cup only for its owner, nobody's dice as "own" in public.
        if (frame.private && frame.private.view.user !== userId) {
          seen.problems.push(`a cup of ${frame.private.view.user} reached ${userId}'s page`);
        }
        if (frame.public && JSON.stringify(frame.public).includes('"own"')) {
          seen.problems.push(`an own die in the public table (version ${frame.public.table.version})`);
        }
      });
    }
  };
}

/** What a page shows now, read from its DOM (and the version of the state it drew). */
function readPage(dieLabel) {
  const e = window.__e2e;
  const pub = e.last && e.last.public;
  const view = pub && pub.table.view;
  const shown = (el) => !!el && el.getClientRects().length > 0;
  const die = (svg) => ({
    kind: (svg.getAttribute('class') || '').replace(/^die\s*/, ''),
    label: svg.getAttribute('aria-label'),
  });
  const buttons = (sel) => [...document.querySelectorAll(`${sel} button`)]
    .filter(shown)
    .map((b) => ({ id: b.dataset.id, label: b.textContent, style: b.className }));
  const rows = {};
  for (const li of document.querySelectorAll('#players > li')) {
    const name = li.querySelector('.name').textContent.replace(/^▶ /, '').replace(/ \(du\)$/, '');
    rows[name] = [...li.querySelectorAll('svg.die')].map(die);
  }
  const cup = document.getElementById('cup');
  const cupShown = shown(cup) && !cup.hidden;
  const re = new RegExp(dieLabel);
  const badDice = [...document.querySelectorAll('.die')]
    .filter((d) => d.tagName.toLowerCase() !== 'svg' || d.getAttribute('role') !== 'img'
      || !re.test(d.getAttribute('aria-label') || ''))
    .map((d) => d.outerHTML.slice(0, 120));
  return {
    frames: e.frames,
    states: e.states,
    notices: e.notices.length,
    lastNotice: e.notices[e.notices.length - 1] || null,
    problems: e.problems.slice(),
    telegram: e.telegram,
    you: e.last ? e.last.you : null,
    cups: view ? Object.fromEntries(view.players.map((p) => [p.name, p.cup])) : {},
    ownCup: (() => {
      const v = e.last && e.last.private && e.last.private.view.view;
      const me = v && v.players.find((p) => v.viewer && p.seat === v.viewer.player);
      return me ? me.cup : null;
    })(),
    version: pub ? pub.table.version : null,
    // The public table as drawn: looking under a cup changes it without a new version.
    table: pub ? JSON.stringify(pub.table) : null,
    status: pub ? pub.table.status : 'none',
    members: pub ? pub.table.members : [],
    round: view ? `${view.part}/${view.round}` : null,
    result: view ? view.result : null,
    rows,
    cupShown,
    cupTitle: cupShown ? document.getElementById('cup-title').textContent : null,
    cup: cupShown ? [...document.querySelectorAll('#cup-dice svg.die')].map(die) : [],
    cupButtons: cupShown ? buttons('#cup-buttons') : [],
    tableButtons: buttons('#table-buttons'),
    lobbyButtons: buttons('#lobby-buttons'),
    hiddenButtons: [...document.querySelectorAll('button')].filter((b) => b.dataset.id && !shown(b)).length,
    // Every bot button the page shows, wherever (each at most once, one set of actions).
    allButtons: [...document.querySelectorAll('button[data-id]')].filter(shown).map((b) => b.dataset.id),
    current: view ? (view.players.find((p) => p.is_current) || {}).name || null : null,
    lastRoundOpen: document.getElementById('last-round').open,
    // Discord's SDK is an Activity's alone: a Mini App never loads it.
    discordSdk: !!window.DiscordSDKBundle,
    notice: shown(document.getElementById('notice')) ? document.getElementById('notice').innerText : null,
    openButton: shown(document.querySelector('#waiting button')),
    // The local keyboard's own controls: never in a Mini App.
    localControls: ['seat', 'computer', 'start'].filter((id) => shown(document.getElementById(id))),
    verify: shown(document.getElementById('verify')),
    proofText: document.getElementById('proof').textContent,
    badDice,
  };
}

const action = (button) => (button.id || '').split(':')[1];

async function main() {
  const setup = readSetup();
  const started = Date.now();
  const shots = process.env.SCHOCKEN_SCREENSHOTS || null;
  if (shots) mkdirSync(shots, { recursive: true });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    headless: true,
  });
  const players = [];
  try {
    for (const p of setup.players) {
      const context = await browser.newContext({
        viewport: p.viewport,
        deviceScaleFactor: 1,
        isMobile: true,
        hasTouch: true,
        locale: 'de-DE',
        acceptDownloads: true,
      });
      // Telegram's script is the fake's job: no internet needed.
      await context.route('https://telegram.org/**', (route) => route.fulfill({
        status: 200, contentType: 'text/javascript', body: '',
      }));
      await context.addInitScript(fakeTelegram, {
        initData: p.init_data,
        user: p.user,
        startParam: setup.start_param,
        authDate: p.auth_date,
        userId: `telegram:${p.user.id}`,
      });
      const page = await context.newPage();
      const player = { name: p.name, context, page, errors: [], console: [] };
      page.on('pageerror', (error) => player.errors.push(String(error)));
      page.on('console', (message) => {
        if (message.type() === 'error') player.console.push(message.text());
      });
      players.push(player);
    }
    const [anna, ben] = players;
    const stats = { clicks: 0, stale: 0, silent: 0, compared: 0, rounds: new Set() };

    const read = (player) => player.page.evaluate(readPage, DIE_LABEL.source);
    const readAll = () => Promise.all(players.map(read));

    const checkPage = (player, snap) => {
      if (player.errors.length) fail(`${player.name}'s page threw: ${player.errors.join('; ')}`);
      if (snap.problems.length) fail(`${player.name}'s page: ${snap.problems.join('; ')}`);
      if (snap.badDice.length) fail(`${player.name}'s page has a die that is no labelled SVG: ${snap.badDice[0]}`);
      const ownInPublic = Object.entries(snap.rows).filter(([, dice]) => dice.some((d) => d.kind === 'own'));
      if (ownInPublic.length) {
        fail(`R-RND-4: ${player.name}'s public list draws ${ownInPublic[0][0]}'s dice as seen under his cup`);
      }
      if (snap.cupShown && snap.cupTitle !== 'Dein Becher') {
        fail(`${player.name}'s cup is titled "${snap.cupTitle}", not "Dein Becher"`);
      }
      if (snap.round && snap.status === 'running') stats.rounds.add(snap.round);
      checkButtons(player, snap);
    };

    /** A page shows only what its reader can use now, each button once, in one place. */
    const checkButtons = (player, snap) => {
      if (snap.discordSdk) fail(`${player.name}'s Mini App loaded Discord's SDK`);
      const ids = snap.allButtons;
      if (new Set(ids).size !== ids.length) fail(`${player.name}'s page shows a button twice: ${ids}`);
      if (snap.cupButtons.length && snap.tableButtons.length) {
        fail(`${player.name}'s page has two rows of actions: ${JSON.stringify(snap.tableButtons)}`);
      }
      const me = snap.you && snap.you.name;
      const kinds = ids.map((id) => id.split(':')[1]);
      if (snap.status === 'running' && snap.current !== me && kinds.some((k) => k === 'r' || k === 's')) {
        fail(`${player.name}'s page offers a roll or a stand while ${snap.current} is to act: ${ids}`);
      }
      if (snap.status === 'lobby' && snap.members.includes(me) && kinds.includes('j')) {
        fail(`${player.name}'s page offers "Mitspielen" to the seated: ${ids}`);
      }
      if (snap.notice && snap.lastNotice && snap.lastNotice.includes('\n') && !snap.notice.includes('\n')) {
        fail(`${player.name}'s hint lost its line breaks: ${JSON.stringify(snap.notice)}`);
      }
      if ((snap.status === 'finished' || snap.status === 'abandoned') && ids.length) {
        fail(`${player.name}'s page offers play buttons after the game: ${ids}`);
      }
    };

    /**
     * R-RND-4 in the pages: at the same public table, a player's dice in the public list
     * (on every page, his own included) are what his cup shows, with the dice under the cup
     * covered: never their values.
     */
    const checkCups = (snaps) => {
      snaps.forEach((owner, i) => checkPage(players[i], owner));
      snaps.forEach((owner, i) => {
        if (!owner.cup.length || owner.status !== 'running') return;
        const name = players[i].name;
        const expected = owner.cup
          .map((d) => (d.kind === 'own' || d.kind === 'covered' ? COVERED : d.label))
          .sort();
        const hidden = owner.cup.some((d) => d.kind === 'own');
        snaps.forEach((viewer, j) => {
          if (viewer.table !== owner.table) return;
          const row = viewer.rows[name];
          if (!row) fail(`${players[j].name}'s page does not list ${name} (v${viewer.version})`);
          const shown = row.map((d) => d.label).sort();
          if (JSON.stringify(shown) !== JSON.stringify(expected)) {
            fail(`R-RND-4: at v${viewer.version} ${players[j].name}'s page shows ${name}'s cup as `
              + `${JSON.stringify(shown)}; ${name}'s own page has ${JSON.stringify(owner.cup)} `
              + `(the frames: public ${JSON.stringify(viewer.cups[name])}, his own ${JSON.stringify(owner.ownCup)})`);
          }
          if (hidden && i !== j) stats.compared += 1;
        });
      });
    };

    const bounded = () => {
      if (stats.clicks >= MAX_CLICKS) fail(`the game did not end within ${MAX_CLICKS} clicks`);
      if (Date.now() - started > MAX_MS) fail(`the game did not end within ${MAX_MS / 1000} s`);
    };

    /** Clicks `selector` on the player's page and waits for the page's next frame. */
    const click = async (player, selector, what) => {
      bounded();
      const before = await player.page.evaluate(() => window.__e2e.frames);
      try {
        await player.page.locator(selector).click({ timeout: 3000 });
      } catch (error) {
        // Redrawn meanwhile (a newer state): the next look at the page decides again.
        stats.stale += 1;
        stats.lastStale = `${player.name} ${what}: ${String(error.message || error).split('\n').slice(0, 12).join(' | ')}`;
        if (process.env.SCHOCKEN_PLAY_VERBOSE) console.log(`stale: ${stats.lastStale}`);
        return false;
      }
      stats.clicks += 1;
      if (process.env.SCHOCKEN_PLAY_VERBOSE) console.log(`${player.name}: ${what}`);
      try {
        await player.page.waitForFunction((n) => window.__e2e.frames > n, before, {
          timeout: 5000, polling: 20,
        });
      } catch {
        stats.silent += 1;
      }
      return true;
    };

    /**
     * Waits until `until` holds on the pages, or else until some page received a frame since
     * the snapshots `since` were read.
     */
    const waitForFrames = async (what, until = null, since = null) => {
      const deadline = Date.now() + QUIET_MS;
      const first = since || await readAll();
      for (;;) {
        const snaps = await readAll();
        if (until ? until(snaps) : snaps.some((s, i) => s.frames > first[i].frames)) return snaps;
        if (Date.now() > deadline) {
          fail(`${what}: nothing came within ${QUIET_MS / 1000} s; the pages show `
            + JSON.stringify(snaps.map((s, i) => ({
              name: players[i].name, status: s.status, version: s.version, round: s.round,
              cup: s.cup, cupButtons: s.cupButtons, tableButtons: s.tableButtons,
              lastNotice: s.lastNotice,
            }))));
        }
        await new Promise((r) => setTimeout(r, 25));
      }
    };

    const shot = async (player, file) => {
      if (!shots) return;
      await player.page.screenshot({ path: join(shots, file), fullPage: true, animations: 'disabled' });
    };

    // ---- the lobby ------------------------------------------------------------------------
    await Promise.all(players.map((p) => p.page.goto(setup.url)));
    await waitForFrames('the first state', (s) => s.every((x) => x.states >= 1));
    let snaps = await readAll();
    snaps.forEach((s, i) => {
      checkPage(players[i], s);
      if (!s.telegram.ready) fail(`${players[i].name}'s page never called Telegram.WebApp.ready()`);
      if (s.you.id !== `telegram:${setup.players[i].user.id}`) {
        fail(`${players[i].name}'s page is signed in as ${JSON.stringify(s.you)}`);
      }
    });
    if (snaps[0].status !== 'none' || !snaps[0].openButton) {
      fail(`a fresh place shows the button to open a table; Anna's page: ${snaps[0].status}`);
    }
    await click(anna, '#waiting button', 'opens the table');
    snaps = await waitForFrames('the lobby', (s) => s.every((x) => x.status === 'lobby'));
    const joinOn = async (player, snap) => {
      const join = snap.lobbyButtons.find((b) => action(b) === 'j');
      if (!join) {
        fail(`${player.name}'s lobby offers no join button: ${JSON.stringify(snap.lobbyButtons)} `
          + `(${snap.hiddenButtons} buttons of the bot are hidden)`);
      }
      await click(player, `#lobby-buttons button[data-id="${join.id}"]`, 'joins');
    };
    if (!snaps[0].members.includes(anna.name)) await joinOn(anna, snaps[0]);
    snaps = await readAll();
    await joinOn(ben, snaps[1]);
    snaps = await waitForFrames('both seated', (s) => s.every((x) => x.members.length === 2));
    snaps.forEach((s, i) => {
      if (s.localControls.length) {
        fail(`${players[i].name}'s lobby shows the local keyboard's controls: ${s.localControls.join(', ')}`);
      }
    });
    await shot(anna, 'lobby.png');
    const start = snaps[0].lobbyButtons.find((b) => action(b) === 'g');
    if (!start) fail(`the lobby offers no start button: ${JSON.stringify(snaps[0].lobbyButtons)}`);
    await click(anna, `#lobby-buttons button[data-id="${start.id}"]`, 'starts the game');
    snaps = await waitForFrames('the game', (s) => s.every((x) => x.status !== 'lobby'));
    // The commitment to the dice, shown before the first throw (the provably fair dice).
    const promised = snaps[1].proofText;

    // ---- the game -------------------------------------------------------------------------
    // Per turn (the first throw is dealt): look under the cup; while the cup has had one
    // throw, set the ones aside and throw once more; then stand. A short game that still uses every common
    // button; anything else the bot offers (a flip) when none of these is there.
    let tableShot = false;
    let rolls = 0;
    let staleInARow = 0;
    // Once a game, a player asks for a hint ("💡 Tipp"): it must show with its line breaks and
    // go when the turn moves on.
    const hint = { asked: false, shown: null, gone: false };
    const choose = (s) => {
      const tip = s.cupButtons.find((b) => action(b) === 'h');
      if (tip && !hint.asked) {
        return [`#cup-buttons button[data-id="${tip.id}"]`, 'asks for a hint'];
      }
      const offered = s.cupButtons.filter((b) => !['h', 'b'].includes(action(b)));
      if (!offered.length) return null;
      const has = (a) => offered.find((b) => action(b) === a);
      const cup = (b, what) => [`#cup-buttons button[data-id="${b.id}"]`, what];
      if (has('l')) return cup(has('l'), 'looks');
      const roll = has('r');
      if (roll && s.ownCup && s.ownCup.throws < 2) {
        const ones = offered
          .filter((b) => action(b) === 'k' && /^1+$/.test(b.id.split(':')[4] || ''))
          .sort((a, b) => b.id.length - a.id.length)[0];
        if (ones) return cup(ones, `sets ${ones.id.split(':')[4]} aside`);
        return cup(roll, 'rolls');
      }
      if (has('s')) return cup(has('s'), 'stands');
      if (roll) return cup(roll, 'rolls');
      return cup(offered[0], offered[0].label);
    };
    for (;;) {
      bounded();
      snaps = await readAll();
      checkCups(snaps);
      if (snaps.every((s) => s.verify)) break;
      if (snaps.some((s) => s.status === 'finished' || s.status === 'abandoned')) {
        await waitForFrames('the verify link', (s) => s.every((x) => x.verify || x.status === 'abandoned'));
        snaps = await readAll();
        if (!snaps.every((s) => s.verify)) fail(`the game ended without the verify link: ${snaps.map((s) => s.status)}`);
        break;
      }
      // The running table: Anna's own dice under her cup, best with a die set aside and her
      // buttons to act (taken again once such a moment comes).
      const kinds = snaps[0].cup.map((d) => d.kind);
      const rich = kinds.includes('aside') && kinds.includes('own') && snaps[0].cupButtons.length > 0;
      if ((!tableShot || (rich && tableShot !== 'rich')) && kinds.includes('own')
        && snaps[1].rows[anna.name]?.length) {
        await shot(anna, 'table.png');
        tableShot = rich ? 'rich' : 'plain';
      }
      const i = snaps.findIndex((s) => choose(s) !== null);
      if (i < 0) {
        // Nobody may act on what his page shows: a move is on its way to a page.
        await waitForFrames('the next move', null, snaps);
        continue;
      }
      // One click, then both pages are read again (the other may have moved on meanwhile).
      const [selector, what] = choose(snaps[i]);
      if (what === 'asks for a hint') {
        if (!(await click(players[i], selector, what))) continue;
        hint.asked = true;
        const after = await waitForFrames('the hint', (s) => s[i].notice !== null);
        const shown = after[i];
        if (!shown.lastNotice || !shown.notice) fail(`${players[i].name}'s hint did not show`);
        if (shown.lastNotice.includes('\n') !== shown.notice.includes('\n')) {
          fail(`${players[i].name}'s hint lost its line breaks: ${JSON.stringify(shown.notice)}`);
        }
        hint.shown = { page: i, round: shown.round, current: shown.current };
        continue;
      }
      if (hint.shown && !hint.gone) {
        // The turn moved on since the hint: it must be gone from that page.
        const page = snaps[hint.shown.page];
        if (page.round !== hint.shown.round || page.current !== hint.shown.current) {
          if (page.notice !== null) fail(`the hint stayed after the turn moved on: ${JSON.stringify(page.notice)}`);
          hint.gone = true;
        }
      }
      if (await click(players[i], selector, what)) {
        staleInARow = 0;
        if (what.startsWith('rolls')) rolls += 1;
      } else if (++staleInARow > 20) {
        fail(`20 clicks in a row found no such button; the last: ${stats.lastStale}`);
      }
    }

    // ---- the end --------------------------------------------------------------------------
    snaps = await readAll();
    snaps.forEach((s, i) => checkPage(players[i], s));
    const result = snaps[0].result;
    const loser = result && result.loser !== null && result.loser !== undefined
      ? snaps[0].members[result.loser] : null;
    if (!loser) fail(`the game is over without a loser: ${JSON.stringify(result)}`);
    if (stats.compared === 0) fail('no cup was ever compared while its owner looked under it');
    if (!hint.shown || !hint.gone) fail(`the hint was not seen coming and going: ${JSON.stringify(hint)}`);
    // The reveal: the last round's dice are open at the end of the game, on every page.
    snaps.forEach((s, i) => {
      if (!s.lastRoundOpen) fail(`${players[i].name}'s page keeps the last round folded at the end`);
    });
    const open = await anna.page.evaluate(() => document.getElementById('reveal').textContent.trim().length > 0);
    if (!open) fail('the last round shows no reveal');
    await shot(anna, 'reveal.png');
    // The verify link downloads the game's record.
    const [download] = await Promise.all([
      ben.page.waitForEvent('download', { timeout: 10_000 }),
      ben.page.locator('#verify').click(),
    ]);
    const record = readFileSync(await download.path(), 'utf8');
    let parsed;
    try { parsed = JSON.parse(record); } catch { fail(`the verify link gives no JSON: ${record.slice(0, 200)}`); }
    const { commitment, server_seed: seed, throws } = parsed;
    if (!commitment || !promised.includes(commitment)) {
      fail(`the record's commitment ${commitment} is not the one shown at the start: ${promised}`);
    }
    if (!seed || !snaps[1].proofText.includes(seed)) fail(`the record's server seed is not the one shown: ${seed}`);
    if (!Array.isArray(throws) || !throws.some((t) => t.player === anna.name) || !throws.some((t) => t.player === ben.name)) {
      fail(`the record lacks the players' throws: ${record.slice(0, 300)}`);
    }
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    const consoleErrors = players.flatMap((p) => p.console.map((m) => `${p.name}: ${m}`));
    console.log(`play.mjs: a whole game in two browsers: ${stats.clicks} clicks, `
      + `${stats.rounds.size} rounds, ${seconds} s; ${loser} owes the Bierrunde; `
      + `${stats.compared} cup comparisons while the owner looked; `
      + `${stats.stale} stale and ${stats.silent} silent clicks; `
      + `${snaps.reduce((n, s) => n + s.notices, 0)} notices; the verify link's record `
      + `${download.suggestedFilename()} has the promised commitment and ${throws.length} throws`);
    if (consoleErrors.length) console.log(`console errors:\n  ${consoleErrors.join('\n  ')}`);
    if (shots && !tableShot) fail('no moment for the screenshot of the running table came');
    if (shots) console.log(`screenshots in ${shots}: lobby.png, table.png, reveal.png`);
  } finally {
    await browser.close();
  }
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error instanceof Failure ? `play.mjs failed: ${error.message}` : error);
    process.exit(1);
  },
);
