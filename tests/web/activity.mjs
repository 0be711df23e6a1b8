// A Discord Activity's login in a real browser (issue 24): the page, running Discord's own
// Embedded App SDK (@discord/embedded-app-sdk, vendored as adapters/web/static/vendor/
// discord-sdk.js), inside a fake Discord client. Each player's headless Chromium context opens a
// parent page at https://discord.com/… (served by the test: no internet) that plays the Discord
// client's side of the SDK's postMessage protocol as the SDK's own schemas require it — it
// frames the page with `?frame_id&instance_id&channel_id&guild_id&platform` as Discord opens an
// Activity, answers the SDK's handshake with the READY dispatch (protocol version, the client's
// config, the user), AUTHORIZE with the next of the codes the test's fake Discord issued for its
// user, AUTHENTICATE with the user, the application and the scopes, and CAPTURE_LOG (the SDK
// forwards the page's console to the client once READY) with an empty answer. The page
// exchanges the code through the bot (`/.proxy/api/discord/token`), opens its session with the
// token and the instance id, and the server asks the fake Discord who the token's user is and
// whether he is in that instance. Then the two players open the channel's table from the page,
// join with the lobby's buttons, start and play a whole game by clicking.
// Run by adapters/web/tests/activity.rs, which starts the fake Discord and the server.
//
// Input (env SCHOCKEN_ACTIVITY or the first argument, JSON):
//   {"url": "http://127.0.0.1:PORT/", "client_id", "instance_id", "guild_id", "channel_id",
//    "refused": the server's refusal text (German),
//    "players": [{"name", "user": {"id", "username", "global_name", …}, "codes": [CODE, …],
//                 "viewport": {"width", "height"}}, …two],
//    "outsider": {"name", "user", "codes"}        (a user who is not in the instance),
//    "forger": {"codes": [CODE, …], "origins": ["https://…", …]}  (parents that are not Discord)}
// Env: CHROMIUM (default /usr/bin/chromium), SCHOCKEN_PLAY_VERBOSE=1 (log each click).
//
// Checked:
// - the page runs the vendored SDK: window.DiscordSDKBundle.DiscordSDK is there, its version is
//   the one pinned in tools/web/discord-sdk/package.json, the page fetched vendor/discord-sdk.js,
//   and the handshake is the SDK's (it carries sdk_version, the pinned version);
// - the protocol as the fake client sees it: one handshake {v: 1, encoding: 'json', client_id,
//   frame_id, sdk_version}, then AUTHORIZE {client_id, response_type: 'code', scope ⊇
//   ['identify']} and AUTHENTICATE with exactly the access token the server's
//   /.proxy/api/discord/token gave the page (CAPTURE_LOG aside); the session request carries
//   that token and the instance id; everything goes through /.proxy (HTTP and the socket), as
//   Discord's proxy requires;
// - each page is signed in as its own Discord user (`you` in the state frames, "(du)" at its
//   own name only), shows only its own cup (R-RND-4: a private frame only for its owner, no
//   "own" die in public, every die under an owner's cup a covered "?" on the other page), and
//   throws no JS error;
// - a user who is not in the instance gets the page's refusal text and no table, no socket;
// - a parent that is not Discord (origins that only look like it) gets the page's handshake,
//   but its READY is ignored (the SDK believes only Discord's origins): it is never asked to
//   AUTHORIZE, the page exchanges no code and opens no session (the code it would hand out is a
//   valid one of a player's).
// Exit code 0 on success; otherwise 1 and what went wrong.

import { readFileSync } from 'node:fs';
import { chromium } from 'playwright-core';

/** The SDK's version as tools/web/vendor-discord-sdk.sh pins it (the vendored file's). */
const SDK_VERSION = JSON.parse(readFileSync(new URL('../../tools/web/discord-sdk/package.json', import.meta.url)))
  .dependencies['@discord/embedded-app-sdk'];

const MAX_CLICKS = 600;
const MAX_MS = 5 * 60 * 1000;
/** How long a page may stay without a new frame while the game waits for it. */
const QUIET_MS = 10_000;
/** How long a login (or its refusal) may take. */
const LOGIN_MS = 15_000;
/** A forged READY has this long at least to be (wrongly) taken before the check. */
const FORGED_GRACE_MS = 1_000;
const COVERED = 'verdeckter Würfel';
const DIE_LABEL = /^(Würfel [1-6](, rausgelegt)?|verdeckter Würfel)$/;

class Failure extends Error {}

function fail(message) {
  throw new Failure(message);
}

function readSetup() {
  const text = process.argv[2] ?? process.env.SCHOCKEN_ACTIVITY;
  if (!text) fail('no setup: pass the JSON in SCHOCKEN_ACTIVITY or as the first argument');
  const setup = JSON.parse(text);
  const needed = ['url', 'client_id', 'instance_id', 'guild_id', 'channel_id', 'refused', 'outsider', 'forger'];
  const lacking = needed.filter((k) => !setup[k]);
  if (lacking.length || !Array.isArray(setup.players) || setup.players.length !== 2) {
    fail(`the setup needs ${needed.join(', ')} and two players; it lacks ${lacking.join(', ') || 'players'}`);
  }
  return setup;
}

/**
 * The fake Discord client (runs in the parent page): frames the Activity as Discord does and
 * answers the SDK's handshake and commands in the shapes the SDK's schemas check; what it saw
 * is in `window.__discord` (`commands` without CAPTURE_LOG, which are in `logs`).
 */
function discordClient({ appUrl, frameId, instanceId, clientId, guildId, channelId, codes, user, sdkVersion }) {
  const HANDSHAKE = 0;
  const FRAME = 1;
  const seen = {
    handshakes: [], ready: 0, commands: [], logs: [], authorize: [], tokens: [], problems: [], strangers: 0,
  };
  window.__discord = seen;
  const appOrigin = new URL(appUrl).origin;
  const query = new URLSearchParams({
    frame_id: frameId, instance_id: instanceId, channel_id: channelId, guild_id: guildId, platform: 'desktop',
  });
  const frame = document.createElement('iframe');
  frame.id = 'activity';
  // An Activity runs at https://<app>.discordsays.com and gets Discord's origin as its
  // referrer; the test's page is http://127.0.0.1, which the default policy would not tell.
  frame.referrerPolicy = 'origin';
  frame.src = `${appUrl}?${query}`;
  frame.style.cssText = 'border:0;display:block;width:100vw;height:100vh';
  document.body.style.margin = '0';
  document.body.appendChild(frame);

  window.addEventListener('message', (event) => {
    if (event.source !== frame.contentWindow || event.origin !== appOrigin) {
      seen.strangers += 1;
      return;
    }
    if (!Array.isArray(event.data)) {
      seen.problems.push(`a message that is no [opcode, payload]: ${JSON.stringify(event.data)}`);
      return;
    }
    const [opcode, data] = event.data;
    const reply = (payload) => event.source.postMessage([FRAME, payload], event.origin);
    if (opcode === HANDSHAKE) {
      seen.handshakes.push(data);
      const d = data || {};
      // The SDK's handshake: on the desktop platform it names its own version.
      if (d.v !== 1 || d.encoding !== 'json' || d.client_id !== clientId || d.frame_id !== frameId
        || d.sdk_version !== sdkVersion) {
        seen.problems.push(`a handshake that is not {v: 1, encoding: 'json', client_id: ${clientId}, `
          + `frame_id: ${frameId}, sdk_version: ${sdkVersion}}: ${JSON.stringify(data)}`);
      }
      seen.ready += 1;
      // READY as the SDK checks it: the protocol version, the client's config and (optional)
      // the user, whose avatar is a string or absent.
      const ready = {
        v: 1,
        config: { cdn_host: 'cdn.discordapp.com', api_endpoint: '//discord.com/api', environment: 'production' },
      };
      if (user) {
        ready.user = { id: user.id, username: user.username, discriminator: user.discriminator };
        if (typeof user.avatar === 'string') ready.user.avatar = user.avatar;
      }
      reply({ cmd: 'DISPATCH', evt: 'READY', nonce: null, data: ready });
      return;
    }
    if (opcode !== FRAME || !data) {
      seen.problems.push(`an unexpected message: ${JSON.stringify(event.data)}`);
      return;
    }
    const answer = (result) => reply({ cmd: data.cmd, nonce: data.nonce, evt: null, data: result });
    const error = (code, message) => reply({ cmd: data.cmd, nonce: data.nonce, evt: 'ERROR', data: { code, message } });
    if (!seen.handshakes.length) seen.problems.push(`${data.cmd} before the handshake`);
    if (typeof data.nonce !== 'string' || !data.nonce) seen.problems.push(`${data.cmd} without a nonce`);
    if (data.cmd === 'CAPTURE_LOG') {
      // Once READY, the SDK sends every console line of the page to the client.
      seen.logs.push(data.args);
      answer(null);
      return;
    }
    seen.commands.push(data.cmd);
    if (data.cmd === 'AUTHORIZE') {
      const args = data.args || {};
      seen.authorize.push(args);
      if (args.client_id !== clientId) seen.problems.push(`AUTHORIZE for client ${args.client_id}, not ${clientId}`);
      if (args.response_type !== 'code') seen.problems.push(`AUTHORIZE with response_type ${args.response_type}`);
      if (!Array.isArray(args.scope) || !args.scope.includes('identify')) {
        seen.problems.push(`AUTHORIZE without the scope identify: ${JSON.stringify(args.scope)}`);
      }
      const code = codes.shift();
      if (!code) {
        seen.problems.push('AUTHORIZE asked more often than the test has codes');
        error(4000, 'no code left in the test');
        return;
      }
      answer({ code });
    } else if (data.cmd === 'AUTHENTICATE') {
      const token = data.args && data.args.access_token;
      if (typeof token !== 'string' || !token) {
        seen.problems.push(`AUTHENTICATE without a token: ${JSON.stringify(data.args)}`);
        error(4009, 'Invalid access token');
        return;
      }
      if (!seen.authorize.length) seen.problems.push('AUTHENTICATE before AUTHORIZE');
      seen.tokens.push(token);
      answer({
        access_token: token,
        user,
        scopes: ['identify'],
        expires: new Date(Date.now() + 7 * 24 * 3600 * 1000).toISOString(),
        application: { id: clientId, name: 'Schocken', description: '', icon: null, rpc_origins: [] },
      });
    } else {
      seen.problems.push(`a command the page should not need: ${data.cmd}`);
      error(4002, `Invalid command: ${data.cmd}`);
    }
  });
}

/** The parent page for `config`, as the fake client serves it. */
function parentHtml(config) {
  const json = JSON.stringify(config).replace(/</g, '\\u003c');
  return '<!doctype html><html><head><meta charset="utf-8"><title>Discord</title></head><body>'
    + `<script>(${discordClient.toString()})(${json});</script></body></html>`;
}

/**
 * Runs in every frame before its own scripts; in the Activity's frame only: records every
 * message that reaches it (before the page's own listener) and watches the socket's frames
 * (it only listens; the page's own listener draws them).
 */
function watchActivity({ appOrigin, userId }) {
  if (location.origin !== appOrigin) return;
  const seen = {
    frames: 0, states: 0, notices: [], last: null, problems: [], sockets: [], messages: [],
    referrer: document.referrer,
  };
  window.__e2e = seen;
  // No JS error in the page (also those the browser's pageerror might not report for a frame).
  window.addEventListener('error', (event) => seen.problems.push(`a JS error: ${event.message}`));
  window.addEventListener('unhandledrejection', (event) => seen.problems.push(`an unhandled rejection: ${event.reason}`));
  window.addEventListener('message', (event) => {
    const [opcode, data] = Array.isArray(event.data) ? event.data : [null, null];
    seen.messages.push({
      at: Date.now(), origin: event.origin, opcode, evt: data && data.evt, cmd: data && data.cmd,
    });
  });
  const Native = window.WebSocket;
  window.WebSocket = class extends Native {
    constructor(...args) {
      super(...args);
      seen.sockets.push(String(args[0]));
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

/** What the Activity's page shows now, read from its DOM (and the state it drew). */
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
  const marked = [];
  for (const li of document.querySelectorAll('#players > li')) {
    const text = li.querySelector('.name').textContent.replace(/^▶ /, '');
    const name = text.replace(/ \(du\)$/, '');
    if (name !== text) marked.push(name);
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
    lastNotice: e.notices[e.notices.length - 1] || null,
    problems: e.problems.slice(),
    you: e.last ? e.last.you : null,
    version: pub ? pub.table.version : null,
    table: pub ? JSON.stringify(pub.table) : null,
    status: pub ? pub.table.status : 'none',
    members: pub ? pub.table.members : [],
    round: view ? `${view.part}/${view.round}` : null,
    result: view ? view.result : null,
    rows,
    marked,
    cupShown,
    cupTitle: cupShown ? document.getElementById('cup-title').textContent : null,
    cup: cupShown ? [...document.querySelectorAll('#cup-dice svg.die')].map(die) : [],
    ownCup: (() => {
      const v = e.last && e.last.private && e.last.private.view.view;
      const me = v && v.players.find((p) => v.viewer && p.seat === v.viewer.player);
      return me ? me.cup : null;
    })(),
    cupButtons: cupShown ? buttons('#cup-buttons') : [],
    tableButtons: buttons('#table-buttons'),
    lobbyButtons: buttons('#lobby-buttons'),
    openButton: shown(document.querySelector('#waiting button')),
    localControls: ['seat', 'computer', 'start'].filter((id) => shown(document.getElementById(id))),
    status_line: document.getElementById('status').textContent,
    badDice,
  };
}

/** What a page that is not signed in shows: its status line, and whether any table shows. */
function readRefused() {
  const e = window.__e2e;
  return {
    status: document.getElementById('status').textContent,
    notice: document.getElementById('notice').textContent,
    lobby: !document.getElementById('lobby').hidden,
    table: !document.getElementById('table').hidden,
    cup: !document.getElementById('cup').hidden,
    asText: !document.getElementById('as-text').hidden,
    states: e.states,
    sockets: e.sockets.slice(),
    referrer: e.referrer,
    messages: e.messages.slice(),
    problems: e.problems.slice(),
  };
}

const action = (button) => (button.id || '').split(':')[1];

async function main() {
  const setup = readSetup();
  const started = Date.now();
  const appUrl = new URL(setup.url);
  const appOrigin = appUrl.origin;
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    headless: true,
  });

  /**
   * One browser context inside a fake Discord client at `parentOrigin`, as `who` (a name, the
   * Discord user, his codes): the parent page, the Activity's frame, what went over the wire.
   */
  const open = async (who, parentOrigin, frameId, viewport = { width: 390, height: 844 }) => {
    const context = await browser.newContext({
      viewport,
      deviceScaleFactor: 1,
      isMobile: true,
      hasTouch: true,
      locale: 'de-DE',
      // Chromium's Local Network Access: a public page (the fake discord.com) may frame the
      // test's loopback server only with the user's permission. Discord's Activities run at
      // https://<app>.discordsays.com and need none.
      permissions: ['local-network-access'],
    });
    const actor = {
      name: who.name, context, errors: [], console: [], requests: [], exchanged: [], sessions: [],
      sockets: [],
    };
    // Telegram's script (the page loads it for Mini Apps): nothing here, no internet needed.
    await context.route('https://telegram.org/**', (route) => route.fulfill({
      status: 200, contentType: 'text/javascript', body: '',
    }));
    const parentPath = `/activities/${setup.client_id}`;
    const config = {
      appUrl: setup.url, frameId, instanceId: setup.instance_id, clientId: setup.client_id,
      guildId: setup.guild_id, channelId: setup.channel_id, codes: who.codes.slice(), user: who.user || null,
      sdkVersion: SDK_VERSION,
    };
    await context.route(`${parentOrigin}/**`, (route) => {
      const url = new URL(route.request().url());
      if (url.pathname !== parentPath) return route.fulfill({ status: 404, body: '' });
      return route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: parentHtml(config) });
    });
    await context.addInitScript(watchActivity, {
      appOrigin, userId: who.user ? `discord:${who.user.id}` : null,
    });
    context.on('request', (request) => {
      if (request.url().startsWith(appOrigin)) actor.requests.push(new URL(request.url()).pathname);
    });
    context.on('response', (response) => {
      const path = response.url().startsWith(appOrigin) ? new URL(response.url()).pathname : null;
      if (path === '/.proxy/api/discord/token') {
        actor.exchanged.push(response.json().then(
          (body) => ({ status: response.status(), token: body.access_token }),
          () => ({ status: response.status(), token: null }),
        ));
      }
      if (path === '/.proxy/api/session') {
        let body = null;
        try { body = response.request().postDataJSON(); } catch { body = null; }
        actor.sessions.push(response.json().then(
          (answer) => ({ status: response.status(), body, answer }),
          () => ({ status: response.status(), body, answer: null }),
        ));
      }
    });
    const page = await context.newPage();
    page.on('pageerror', (error) => actor.errors.push(String(error)));
    page.on('console', (message) => {
      if (message.type() === 'error') actor.console.push(message.text());
    });
    page.on('websocket', (ws) => actor.sockets.push(ws.url()));
    actor.page = page;
    actor.parentUrl = `${parentOrigin}${parentPath}`;
    await page.goto(actor.parentUrl);
    // The Activity's frame, once it has navigated to the page.
    const deadline = Date.now() + LOGIN_MS;
    for (;;) {
      actor.frame = page.frames().find((f) => f.url().startsWith(setup.url));
      if (actor.frame) break;
      if (Date.now() > deadline) {
        fail(`${who.name}: the Activity's frame never loaded in ${parentOrigin}; the frames: `
          + `${page.frames().map((f) => f.url()).join(', ')}`);
      }
      await new Promise((r) => setTimeout(r, 25));
    }
    await actor.frame.waitForFunction(() => !!window.__e2e, null, { timeout: LOGIN_MS });
    return actor;
  };

  const discordSeen = (actor) => actor.page.evaluate(() => window.__discord);

  /** The page runs the vendored SDK of the pinned version (fetched from the server through
   *  Discord's proxy once the page knows it is in an Activity). */
  const checkSdk = async (actor) => {
    const sdk = await actor.frame.evaluate(() => {
      const bundle = window.DiscordSDKBundle;
      return { loaded: !!bundle && typeof bundle.DiscordSDK === 'function', version: bundle ? bundle.version : null };
    });
    if (!sdk.loaded || sdk.version !== SDK_VERSION) {
      fail(`${actor.name}'s page has no Discord SDK ${SDK_VERSION}: ${JSON.stringify(sdk)}`);
    }
    if (!actor.requests.includes('/.proxy/vendor/discord-sdk.js')) {
      fail(`${actor.name}'s page did not load vendor/discord-sdk.js: ${JSON.stringify(actor.requests)}`);
    }
  };

  try {
    // ---- everybody opens the Activity at once -------------------------------------------------
    const forgerOrigins = setup.forger.origins;
    if (!Array.isArray(forgerOrigins) || forgerOrigins.length !== setup.forger.codes.length) {
      fail('the forger needs one code per origin');
    }
    const [players, outsider, forgers] = await Promise.all([
      Promise.all(setup.players.map((p, i) => open(p, 'https://discord.com', `frame-${i + 1}`, p.viewport))),
      open(setup.outsider, 'https://discord.com', 'frame-outsider'),
      Promise.all(forgerOrigins.map((origin, i) => open(
        { name: `the forger at ${origin}`, user: setup.players[0].user, codes: [setup.forger.codes[i]] },
        origin, `frame-forged-${i + 1}`,
      ))),
    ]);
    const [anna, ben] = players;
    const stats = { clicks: 0, stale: 0, silent: 0, compared: 0, rounds: new Set() };

    const read = (player) => player.frame.evaluate(readPage, DIE_LABEL.source);
    const readAll = () => Promise.all(players.map(read));

    const checkPage = (player, snap) => {
      if (player.errors.length) fail(`${player.name}'s page threw: ${player.errors.join('; ')}`);
      if (snap.problems.length) fail(`${player.name}'s page: ${snap.problems.join('; ')}`);
      if (snap.badDice.length) fail(`${player.name}'s page has a die that is no labelled SVG: ${snap.badDice[0]}`);
      if (snap.localControls.length) {
        fail(`${player.name}'s page shows the local keyboard's controls: ${snap.localControls.join(', ')}`);
      }
      if (snap.marked.some((name) => name !== player.name)) {
        fail(`${player.name}'s page marks ${JSON.stringify(snap.marked)} as "(du)"`);
      }
      if (snap.cupShown && snap.cupTitle !== 'Dein Becher') {
        fail(`${player.name}'s cup is titled "${snap.cupTitle}", not "Dein Becher"`);
      }
      if (snap.round && snap.status === 'running') stats.rounds.add(snap.round);
    };

    /**
     * R-RND-4 in the pages: at the same public table, a player's dice in the public list are
     * what his cup shows, with the dice under the cup covered: never their values.
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
              + `${JSON.stringify(shown)}; ${name}'s own page has ${JSON.stringify(owner.cup)}`);
          }
          if (hidden && i !== j) stats.compared += 1;
        });
      });
    };

    const bounded = () => {
      if (stats.clicks >= MAX_CLICKS) fail(`the game did not end within ${MAX_CLICKS} clicks`);
      if (Date.now() - started > MAX_MS) fail(`the game did not end within ${MAX_MS / 1000} s`);
    };

    /** Clicks `selector` in the player's Activity and waits for the page's next frame. */
    const click = async (player, selector, what) => {
      bounded();
      const before = await player.frame.evaluate(() => window.__e2e.frames);
      try {
        await player.frame.locator(selector).click({ timeout: 3000 });
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
        await player.frame.waitForFunction((n) => window.__e2e.frames > n, before, { timeout: 5000, polling: 20 });
      } catch {
        stats.silent += 1;
      }
      return true;
    };

    /** Waits until `until` holds on the pages, or else until some page received a frame. */
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
              lastNotice: s.lastNotice, statusLine: s.status_line,
            }))));
        }
        await new Promise((r) => setTimeout(r, 25));
      }
    };

    // ---- the login, as the fake Discord client and the wire saw it ---------------------------
    let snaps;
    try {
      snaps = await waitForFrames('the first state', (s) => s.every((x) => x.states >= 1));
    } catch (error) {
      const seen = await Promise.all(players.map(discordSeen));
      throw new Failure(`${error.message}; the Discord clients saw ${JSON.stringify(seen)}`);
    }
    for (const [i, player] of players.entries()) {
      const user = setup.players[i].user;
      await checkSdk(player);
      const seen = await discordSeen(player);
      if (seen.problems.length) fail(`${player.name}'s Discord client: ${seen.problems.join('; ')}`);
      if (seen.handshakes.length !== 1 || JSON.stringify(seen.commands) !== '["AUTHORIZE","AUTHENTICATE"]') {
        fail(`${player.name}'s page spoke ${seen.handshakes.length} handshakes and ${JSON.stringify(seen.commands)}`);
      }
      const exchanged = await Promise.all(player.exchanged);
      const sessions = await Promise.all(player.sessions);
      if (exchanged.length !== 1 || exchanged[0].status !== 200 || !exchanged[0].token) {
        fail(`${player.name}'s code exchange: ${JSON.stringify(exchanged)}`);
      }
      if (seen.tokens[0] !== exchanged[0].token) {
        fail(`${player.name}'s page authenticated the SDK with another token than the bot gave it`);
      }
      const auth = sessions[0] && sessions[0].body && sessions[0].body.auth;
      if (sessions.length !== 1 || sessions[0].status !== 200 || !auth || auth.kind !== 'discord'
        || auth.access_token !== exchanged[0].token || auth.instance_id !== setup.instance_id) {
        fail(`${player.name}'s session request: ${JSON.stringify(sessions.map((s) => ({
          status: s.status, kind: s.body && s.body.auth && s.body.auth.kind,
          instance: s.body && s.body.auth && s.body.auth.instance_id,
          sameToken: !!(s.body && s.body.auth && s.body.auth.access_token === exchanged[0].token),
        })))}`);
      }
      if (sessions[0].answer.user.id !== `discord:${user.id}` || sessions[0].answer.user.name !== player.name) {
        fail(`${player.name}'s session is ${JSON.stringify(sessions[0].answer.user)}`);
      }
      const you = snaps[i].you;
      if (!you || you.id !== `discord:${user.id}` || you.name !== player.name) {
        fail(`${player.name}'s page is signed in as ${JSON.stringify(you)}`);
      }
      const outside = player.requests.filter((p) => !p.startsWith('/.proxy/')
        && !/^\/(|app\.js|app\.css|discord\.js)$/.test(p));
      if (outside.length) fail(`${player.name}'s page asked past Discord's proxy: ${outside.join(', ')}`);
      if (!player.sockets.length || !player.sockets.every((u) => new URL(u).pathname === '/.proxy/ws')) {
        fail(`${player.name}'s sockets: ${JSON.stringify(player.sockets)}`);
      }
      const referrer = await player.frame.evaluate(() => window.__e2e.referrer);
      if (new URL(referrer).origin !== 'https://discord.com') fail(`${player.name}'s page has the referrer ${referrer}`);
    }

    // ---- a user who is not in the instance -------------------------------------------------
    // The reason shows once, as the page's notice (the status line only says the login failed).
    const refusal = await outsider.frame.waitForFunction((text) => document.getElementById('notice').textContent === text,
      setup.refused, { timeout: LOGIN_MS, polling: 25 }).then(() => null, () => 'timeout');
    {
      const shown = await outsider.frame.evaluate(readRefused);
      await checkSdk(outsider);
      const seen = await discordSeen(outsider);
      if (refusal) {
        fail(`the outsider's page does not say "${setup.refused}": ${JSON.stringify({ shown, seen })}`);
      }
      if (shown.status === setup.refused || shown.asText) {
        fail(`the outsider's page says it twice or shows an empty table text: ${JSON.stringify(shown)}`);
      }
      const sessions = await Promise.all(outsider.sessions);
      if (sessions.length !== 1 || sessions[0].status !== 401) {
        fail(`the outsider's session request: ${JSON.stringify(sessions.map((s) => s.status))}`);
      }
      if (JSON.stringify(seen.commands) !== '["AUTHORIZE","AUTHENTICATE"]' || seen.problems.length) {
        fail(`the outsider's Discord client saw ${JSON.stringify(seen)}`);
      }
      if (shown.lobby || shown.table || shown.cup || shown.states || shown.sockets.length || outsider.sockets.length) {
        fail(`the outsider got a table: ${JSON.stringify(shown)}`);
      }
      if (outsider.errors.length || shown.problems.length) {
        fail(`the outsider's page threw: ${[...outsider.errors, ...shown.problems].join('; ')}`);
      }
    }

    // ---- the lobby: Anna opens the channel's table, Ben joins, Anna starts ---------------------
    snaps = await readAll();
    snaps.forEach((s, i) => checkPage(players[i], s));
    if (snaps[0].status !== 'none' || !snaps[0].openButton) {
      fail(`a fresh channel shows the button to open a table; Anna's page: ${snaps[0].status}`);
    }
    await click(anna, '#waiting button', 'opens the table');
    snaps = await waitForFrames('the lobby', (s) => s.every((x) => x.status === 'lobby'));
    const joinOn = async (player, snap) => {
      const join = snap.lobbyButtons.find((b) => action(b) === 'j');
      if (!join) fail(`${player.name}'s lobby offers no join button: ${JSON.stringify(snap.lobbyButtons)}`);
      await click(player, `#lobby-buttons button[data-id="${join.id}"]`, 'joins');
    };
    if (!snaps[0].members.includes(anna.name)) await joinOn(anna, snaps[0]);
    snaps = await readAll();
    await joinOn(ben, snaps[1]);
    snaps = await waitForFrames('both seated', (s) => s.every((x) => x.members.length === 2));
    const start = snaps[0].lobbyButtons.find((b) => action(b) === 'g');
    if (!start) fail(`the lobby offers no start button: ${JSON.stringify(snaps[0].lobbyButtons)}`);
    await click(anna, `#lobby-buttons button[data-id="${start.id}"]`, 'starts the game');
    snaps = await waitForFrames('the game', (s) => s.every((x) => x.status !== 'lobby'));

    // ---- the game: look, set ones aside, roll once more, stand (as play.mjs) -----------------
    let staleInARow = 0;
    const marked = new Set();
    const choose = (s) => {
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
      snaps.forEach((s, i) => { if (s.marked.includes(players[i].name)) marked.add(players[i].name); });
      if (snaps.some((s) => s.status === 'abandoned')) fail('the game was abandoned');
      if (snaps.every((s) => s.status === 'finished')) break;
      if (snaps.some((s) => s.status === 'finished')) {
        await waitForFrames('the end on both pages', (s) => s.every((x) => x.status === 'finished'));
        continue;
      }
      const i = snaps.findIndex((s) => choose(s) !== null);
      if (i < 0) {
        await waitForFrames('the next move', null, snaps);
        continue;
      }
      const [selector, what] = choose(snaps[i]);
      if (await click(players[i], selector, what)) {
        staleInARow = 0;
      } else if (++staleInARow > 20) {
        fail(`20 clicks in a row found no such button; the last: ${stats.lastStale}`);
      }
    }
    snaps = await readAll();
    snaps.forEach((s, i) => checkPage(players[i], s));
    if (marked.size !== 2) fail(`not every page marked its own player "(du)": ${[...marked]}`);
    if (stats.compared === 0) fail('no cup was ever compared while its owner looked under it');
    const result = snaps[0].result;
    const loser = result && result.loser !== null && result.loser !== undefined ? snaps[0].members[result.loser] : null;
    if (!loser) fail(`the game is over without a loser: ${JSON.stringify(result)}`);

    // ---- the forged parents: handshaken with, never believed ---------------------------------
    for (const forger of forgers) {
      const deadline = Date.now() + LOGIN_MS;
      let shown;
      for (;;) {
        shown = await forger.frame.evaluate(readRefused);
        const ready = shown.messages.find((m) => m.evt === 'READY');
        // The forged READY reached the page a while ago: time enough to (wrongly) act on it.
        if (ready && Date.now() - ready.at >= FORGED_GRACE_MS) break;
        if (Date.now() > deadline) fail(`${forger.name}: no READY reached the page: ${JSON.stringify(shown.messages)}`);
        await new Promise((r) => setTimeout(r, 50));
      }
      await checkSdk(forger);
      const seen = await discordSeen(forger);
      const origin = new URL(forger.parentUrl).origin;
      if (seen.handshakes.length !== 1 || seen.ready !== 1) {
        fail(`${forger.name} got ${seen.handshakes.length} handshakes (the page speaks to its referrer)`);
      }
      if (seen.problems.length) fail(`${forger.name}'s Discord client: ${seen.problems.join('; ')}`);
      if (!shown.messages.some((m) => m.origin === origin && m.evt === 'READY')) {
        fail(`${forger.name}'s READY did not reach the page: ${JSON.stringify(shown.messages)}`);
      }
      const exchanged = await Promise.all(forger.exchanged);
      const sessions = await Promise.all(forger.sessions);
      // CAPTURE_LOG too: the SDK forwards the console only once it took a READY.
      if (seen.commands.length || seen.logs.length || exchanged.length || sessions.length || shown.states
        || shown.sockets.length || forger.sockets.length || shown.lobby || shown.table) {
        fail(`a page framed by ${origin} believed its forged READY: it asked ${JSON.stringify(seen.commands)} `
          + `(and ${seen.logs.length} CAPTURE_LOG), `
          + `exchanged ${exchanged.length} codes, opened ${sessions.length} sessions, ${shown.sockets.length} sockets`);
      }
      if (forger.errors.length || shown.problems.length) {
        fail(`${forger.name}'s page threw: ${[...forger.errors, ...shown.problems].join('; ')}`);
      }
    }

    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    // The outsider's 401 is the one failed request; nothing else may complain.
    const consoleErrors = [...players, outsider, ...forgers].flatMap((p) => p.console
      .filter((m) => p !== outsider || !/status of 401/.test(m))
      .map((m) => `${p.name}: ${m}`));
    if (consoleErrors.length) fail(`console errors:\n  ${consoleErrors.join('\n  ')}`);
    console.log(`activity.mjs: the Activity logged in ${players.map((p) => p.name).join(' and ')} with Discord's `
      + `Embedded App SDK ${SDK_VERSION} through the fake Discord client; ${stats.clicks} clicks, `
      + `${stats.rounds.size} rounds, ${seconds} s; ${loser} owes the Bierrunde; ${stats.compared} cup `
      + `comparisons while the owner looked; ${stats.stale} stale and ${stats.silent} silent clicks; ${setup.outsider.name} (not in the instance) refused; `
      + `${forgers.length} forged parents ignored`);
  } finally {
    await browser.close();
  }
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error instanceof Failure ? `activity.mjs failed: ${error.message}` : error);
    process.exit(1);
  },
);
